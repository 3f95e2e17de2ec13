import { extractProductIdentity } from '../page-identity';
import { stockStateInWords } from './stock-words';

const page = (line: string) =>
  `<html><head><title>Modern Leather Case | NOMAD</title><script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Modern Leather Case","offers":{"@type":"Offer","price":"25","priceCurrency":"EUR","availability":"https://schema.org/InStock"}}</script></head><body><h1>Modern Leather Case</h1><p class="price">€25</p><div class="product-status"><span>${line}</span></div></body></html>`;
const url = 'https://nomadgoods.com/eu/products/modern-leather-case';

describe('a line saying the shop sells the item no more', () => {
  it('reads as discontinued, alone on its line or sending the shopper to other retailers', () => {
    for (const line of ['No Longer Available', 'Not for sale', 'Discontinued', 'This item has been discontinued.', 'Available only at select retailers', 'Wycofany', 'Fuori produzione', 'Descatalogado', 'Снят с производства', 'Utgått']) {
      expect(stockStateInWords(line)).toBe('Discontinued');
    }
  });

  it('is not a spec row or a sentence naming the word in passing', () => {
    expect(stockStateInWords('Is Discontinued By Manufacturer: No')).toBeNull();
    expect(stockStateInWords('Discontinued styles at up to 50% off')).toBeNull();
    expect(stockStateInWords('Produkty wycofany z oferty w 2019 r. zastąpił model GV-N3070')).toBeNull();
  });

  it('outweighs a template’s InStock in the markup', () => {
    expect(extractProductIdentity(page('No Longer Available'), { url })?.availability).toBe('out_of_stock');
    expect(extractProductIdentity(page('Free returns'), { url })?.availability).toBe('in_stock');
  });
});

describe('stock lines in the languages of more shops', () => {
  it('reads out of stock, in stock and pre-order in Portuguese, Turkish, Czech, Vietnamese, Japanese, Chinese and Korean', () => {
    for (const line of ['Produto esgotado', 'Stokta yok', 'Není skladem', 'Hết hàng', '欠品中', '在庫切れ', '缺货', '품절']) expect(stockStateInWords(line)).toBe('OutOfStock');
    for (const line of ['Em estoque', 'Stokta var', 'Skladem', 'Còn hàng', '在庫あり', '有货', '재고 있음']) expect(stockStateInWords(line)).toBe('InStock');
    for (const line of ['予約受付中', '预售']) expect(stockStateInWords(line)).toBe('PreOrder');
  });

  it('reads pre-order in Ukrainian, Russian, Polish, Czech and Spanish ("Передзамовлення", "Przedsprzedaż"), and “Під замовлення”', () => {
    for (const line of ['Передзамовлення', 'Передзамовити', 'Предзаказ', 'Przedsprzedaż', 'Předobjednávka', 'Preventa']) expect(stockStateInWords(line)).toBe('PreOrder');
    // Nor a word that begins alike.
    expect(stockStateInWords('Preventable damage')).toBeNull();
    // Ordered in from the supplier: back-ordered.
    for (const line of ['Під замовлення', 'Под заказ']) expect(stockStateInWords(line)).toBe('BackOrder');
  });

  it('reads no stock in a line about a service ("Currently unavailable for Same-Day service")', () => {
    for (const line of ['Currently unavailable for Same-Day service.', 'Currently unavailable for same day delivery', 'Not available for gift wrap service']) expect(stockStateInWords(line)).toBeNull();
    expect(stockStateInWords('Currently unavailable')).toBe('OutOfStock');
  });

  it('reads out of stock in a line that says the product is not available, alone ("Product not available")', () => {
    for (const line of ['Product not available', 'This item is not available.', 'Item unavailable']) expect(stockStateInWords(line)).toBe('OutOfStock');
    for (const line of ['Product not available for shipping', 'This product is unavailable. Please choose a different combination']) expect(stockStateInWords(line)).toBeNull();
  });

  it('reads Serbian, Croatian, Slovene and Bulgarian stock lines, in Latin and Cyrillic letters', () => {
    for (const line of ['Trenutno nema na lageru', 'Rasprodato', 'Cena: Rasprodato', 'Nije dostupno', 'Ni na zalogi', 'Нема на стању', 'Изчерпан']) expect(stockStateInWords(line)).toBe('OutOfStock');
    for (const line of ['Na stanju', 'Ima na lageru', 'Dostupno', 'Na zalogi', 'На стању', 'В наличност']) expect(stockStateInWords(line)).toBe('InStock');
    // A label of the field, and the item to be had in the shop's stores, say nothing of whether it can be ordered.
    for (const line of ['Dostupnost: 3 dana', 'Dostupno u prodavnicama']) expect(stockStateInWords(line)).toBeNull();
    expect(extractProductIdentity(page('Trenutno nema na lageru'), { url })?.availability).toBe('out_of_stock');
  });

  it('reads Slovak, Hungarian, Romanian, Baltic, Greek, Indonesian and more Russian and Ukrainian stock lines', () => {
    const out = ['Vypredané', 'Tovar nie je skladom', 'Nincs raktáron', 'Elfogyott', 'Stoc epuizat', 'Nu este disponibil', 'Išparduota', 'Nav noliktavā', 'Laost otsas', 'Μη διαθέσιμο', 'Stok habis', 'Товар закончился', 'Распродано', 'Нет на складе', 'Товар закінчився', 'Wyprzedany', 'Sin existencias'];
    for (const line of out) expect(stockStateInWords(line)).toBe('OutOfStock');
    for (const line of ['Skladom', 'Na sklade', 'Raktáron', 'Produs disponibil', 'Yra sandėlyje', 'Ir noliktavā', 'Άμεσα διαθέσιμο', 'Stok tersedia']) expect(stockStateInWords(line)).toBe('InStock');
    // A field's label, and a promotion that ended, say nothing of the item's stock.
    for (const line of ['Disponibilitate: la comandă', 'Акция закончилась']) expect(stockStateInWords(line)).toBeNull();
  });

  it('reads a line of two or three signs of Japanese as the stock line it is', () => {
    expect(extractProductIdentity(page('欠品中'), { url })?.availability).toBe('out_of_stock');
  });
});

describe('a stock count of none', () => {
  it('says the item is out of stock, in the languages of the stock words', () => {
    for (const line of ['0 auf Lager', '0 in stock', '0 Stück verfügbar', '0 en stock', 'Stock: 0 available']) expect(stockStateInWords(line)).toBe('OutOfStock');
  });

  it('is no other count, nor a figure that ends in 0', () => {
    for (const line of ['203 auf Lager', '10 in stock', '1,0 auf Lager', '20 en stock']) expect(stockStateInWords(line)).toBe('InStock');
  });

  it('outweighs the in-stock words it holds', () => {
    expect(extractProductIdentity(page('0 in stock'), { url })?.availability).toBe('out_of_stock');
  });
});

describe('stock badges of a grid of other products', () => {
  const card = (title: string) => `<div class="c7x"><img src="/i/${title}.jpg" alt=""><h3 class="t9q">${title}</h3><div class="Hc9FH">Sold out</div><span>$59.99</span></div>`;
  const grid = (n: number) => `<section class="q1">${Array.from({ length: n }, (_, i) => card(`Game ${i}`)).join('')}</section>`;
  const game = (extra: string) =>
    `<html><head><title>Zelda | Shop</title><script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Zelda","offers":{"@type":"Offer","price":"69.99","priceCurrency":"USD","availability":"https://schema.org/InStock"}}</script></head><body><h1>Zelda</h1><p class="price">$69.99</p>${extra}</body></html>`;
  const url = 'https://www.shop.example.com/store/products/zelda/';

  it('are not the item’s stock line when the same badge stands on four cards or more', () => {
    expect(extractProductIdentity(game(grid(6)), { url })?.availability).toBe('in_stock');
  });

  it('leave the item’s own line, written up to three times (small screens, large screens, a buy bar), its say', () => {
    const own = '<span>Sold out</span>'.repeat(3);
    expect(extractProductIdentity(game(own), { url })?.availability).toBe('out_of_stock');
  });
});

describe('Nordic stock words', () => {
  it('reads “not in stock” as out of stock, not as the “in stock” words it holds', () => {
    for (const line of ['Ikke på lager', 'Varen er ikke på lager.', 'Ej i lager', 'Inte i lager', 'Utsolgt', 'Udsolgt']) expect(stockStateInWords(line)).toBe('OutOfStock');
    for (const line of ['På lager', 'Finns i lager']) expect(stockStateInWords(line)).not.toBe('OutOfStock');
  });
});

describe('German stock words', () => {
  it('reads “nicht zur Verfügung” (not available) as out of stock', () => {
    for (const line of ['Dieses Produkt steht zur Zeit nicht in der gewünschten Menge zur Verfügung!', 'Artikel steht nicht mehr zur Verfügung']) expect(stockStateInWords(line)).toBe('OutOfStock');
    expect(stockStateInWords('Sofort lieferbar')).not.toBe('OutOfStock');
  });
});

describe('a line saying the item is not available', () => {
  it('reads as out of stock alone on its line, not for one way of getting it nor for a choice of options', () => {
    expect(stockStateInWords('This item is not available')).toBe('OutOfStock');
    expect(stockStateInWords('This product is unavailable.')).toBe('OutOfStock');
    expect(stockStateInWords('This item is not available for shipping')).toBeNull();
    expect(stockStateInWords('Sorry, this product is unavailable. Please choose a different combination.')).toBeNull();
    expect(stockStateInWords('The item is unavailable and cannot be added to your cart.')).toBeNull();
  });
});

describe('a link to another page', () => {
  it('names where it leads, not the item’s stock: a menu’s sold-out books; a control on the page still speaks', () => {
    const linked = (link: string) =>
      `<html><head><title>사람을 움직이는 말</title></head><body><h1>사람을 움직이는 말</h1><p class="price">13,500원</p><button>장바구니 담기</button><ul><li>${link}</li></ul></body></html>`;
    const read = (link: string) => extractProductIdentity(linked(link), { url: 'https://www.aladin.co.kr/shop/wproduct.aspx?ItemId=63878825' })?.stockState ?? null;
    expect(read('<a href="/events/wevent_book.aspx?pn=only">품절도서 단독판매</a>')).toBe('InStock');
    expect(read('<a href="#stock">품절</a>')).toBe('OutOfStock');
  });
});

describe('words of unavailability that are not the item’s stock', () => {
  const listing = (body: string) =>
    `<html><head><title>Occhiali Smith | eBay</title></head><body><h1>Occhiali Smith Roll Off</h1><p class="price">EUR 1,00</p>${body}</body></html>`;
  const read = (body: string) => extractProductIdentity(listing(body), { url: 'https://www.ebay.it/itm/113774671899' })?.stockState ?? null;

  it("reads no picture's absence, and no cell of a table column headed by something else", () => {
    expect(read('<span id="imgNATxt">Immagine non disponibile</span>')).toBe('InStock');
    const payments = (head: string) => `<table><thead><tr><th>Metodo</th><th>${head}</th></tr></thead><tbody><tr><td>Bonifico bancario</td><td><div>Non disponibile</div></td></tr></tbody></table>`;
    expect(read(payments('Garanzia cliente eBay'))).toBe('InStock');
    expect(read(payments('Disponibilità'))).toBe('OutOfStock');
    expect(read(payments('出荷目安'))).toBe('OutOfStock');
    expect(read('<p>Information indisponible sur les pièces détachées</p>')).toBe('InStock');
  });
});
