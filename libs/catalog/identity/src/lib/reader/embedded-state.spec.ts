import { extractProductIdentity } from '../page-identity';

/** A script of Next.js's app router pushing one chunk of its streamed data. */
const push = (chunk: string) => `<script>self.__next_f.push([1,${JSON.stringify(chunk)}])</script>`;
const page = (scripts: string) =>
  `<!doctype html><html lang="pt-BR"><head><title>Loja | Furadeira Makita de Impacto 1/2" 1010W</title></head><body><h1>Furadeira Makita de Impacto 1/2" 1010W</h1><span class="price">R$ 2.463,73</span><button>Comprar</button>${scripts}</body></html>`;
const URL = 'https://www.loja.example/produto/furadeira-makita';

describe("the data Next.js's app router streams into the page", () => {
  const item = { id: 82579, sku: '281700_1', name: 'Furadeira Makita de Impacto 1/2" 1010W', ean: '088381051644', brand: 'MK' };

  it('reads the identifiers of the object named as the heading names the item, past a text row that ends without a line break', () => {
    // A text row ("4:T<length>,") counts its length in UTF-8 bytes ("ç" and "ã" are two each) and the next row follows at once.
    const text = 'Ferramenta de impacto para construção';
    const rows = [`0:["$","$L1",null,{}]\n`, `4:T${Buffer.byteLength(text).toString(16)},${text}`, `6:["$","$L1b",null,{"state":{"data":${JSON.stringify(item)}}}]\n`];
    // The rows come in chunks cut anywhere, one script each.
    const html = page(push(rows.join('').slice(0, 50)) + push(rows.join('').slice(50)));
    const read = extractProductIdentity(html, { url: URL });
    expect(read?.gtin).toBe('00088381051644');
    expect(read?.sku).toBe('281700_1');
    // A brand field in component props is as often a code ("MK") as the maker.
    expect(read?.brand ?? null).toBeNull();
  });

  it('takes nothing from objects named otherwise: a menu’s or a carousel’s items', () => {
    const other = { ...item, name: 'Parafusadeira Bosch 12V', ean: '4059952509427' };
    const html = page(push(`6:["$","$L1b",null,{"items":[${JSON.stringify(other)}]}]\n`));
    expect(extractProductIdentity(html, { url: URL })?.gtin ?? null).toBeNull();
  });
});
