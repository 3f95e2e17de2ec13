import { extractProductIdentity } from '../page-identity';

describe('a heading written in parts', () => {
  it('reads the brand a heading links to its page ahead of the name in an element of its own, whatever the link’s generated classes say', () => {
    const heading = '<h1 class="pdp-title__heading"><a href="https://shop.example.ru/brands/maison-francis-kurkdjian" class="action_view_regular_1lttp pdp-title__brand_1yrfv">Maison Francis Kurkdjian</a><span class="pdp-title__name">Gentle Fluidity Gold</span></h1>';
    const html = `<!doctype html><html lang="ru"><head><title>Maison Francis Kurkdjian Gentle Fluidity Gold</title></head><body>${heading}<span class="price">22 510 ₽</span></body></html>`;
    const item = extractProductIdentity(html, { url: 'https://shop.example.ru/26802400001-gentle-fluidity-gold' });
    expect(item?.brand).toBe('Maison Francis Kurkdjian');
    expect(item?.title).toBe('Maison Francis Kurkdjian Gentle Fluidity Gold');
  });

  it('still leaves a struck old price out of the heading', () => {
    const html = '<!doctype html><html><head><title>Desk Lamp</title></head><body><h1>Desk Lamp <s class="was-price">$40.00</s></h1><span class="price">$29.00</span></body></html>';
    expect(extractProductIdentity(html, { url: 'https://shop.example.com/p/lamp' })?.title).toBe('Desk Lamp');
  });
});

describe('a page title led by the shop’s slogan', () => {
  const page = (ogTitle: string, heading: string) =>
    `<!doctype html><html lang="pt-BR"><head><title>${ogTitle}</title><meta property="og:title" content="${ogTitle}"></head><body><h1>Vendido e Entregue em Parceria <strong>LOJA</strong></h1><h1>${heading}</h1><span class="price">R$ 2.463,73</span><button>Comprar</button></body></html>`;

  it('names the item as its heading does where the og:title writes the heading after the slogan and a separator', () => {
    const html = page('Matcon.casa | Materiais de Construção e Ferramentas Online | Furadeira Makita de Impacto 1010W 220V', 'Furadeira Makita de Impacto 1010W 220V');
    expect(extractProductIdentity(html, { url: 'https://www.matcon.example/produto/furadeira-281700' })?.title).toBe('Furadeira Makita de Impacto 1010W 220V');
  });

  it('keeps the og:title where the words before the heading are part of the name', () => {
    const html = page('Makita Furadeira de Impacto 1010W 220V', 'Furadeira de Impacto 1010W 220V');
    expect(extractProductIdentity(html, { url: 'https://www.matcon.example/produto/furadeira-281700' })?.title).toBe('Makita Furadeira de Impacto 1010W 220V');
  });
});
