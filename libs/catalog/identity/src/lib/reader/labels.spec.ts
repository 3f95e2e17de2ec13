import { extractProductIdentity } from '../page-identity';
import { splitLabel } from './labels';

const URL = 'https://shop.example.com/p/lumetra-k7';
const page = (head: string, body = '') => `<!doctype html><html><head><title>Lumetra K7 Keyboard</title>${head}</head><body><h1>Lumetra K7 Keyboard</h1><span class="price">$49.90</span>${body}</body></html>`;

describe('item-number labels as shops write them', () => {
  it('reads a label ending in a hash or an abbreviation’s point without a colon, and the longest label that fits', () => {
    expect(splitLabel('Model # 6202-22-00')).toEqual({ label: 'model #', rest: '6202-22-00' });
    expect(splitLabel('Item #489021')).toEqual({ label: 'item #', rest: '489021' });
    expect(splitLabel('Model 6202')).toBeNull();
    expect(splitLabel('Item No. PU_106160/01')).toEqual({ label: 'item no.', rest: 'PU_106160/01' });
    const beside = '<div class="product-number">Item No. <span class="product-id">PU_106160/01</span></div><div class="ratings"><span class="sr-only">4.7 out of 5 Customer Rating</span></div>';
    expect(extractProductIdentity(page('', beside), { url: URL })?.sku).toBe('PU_106160/01');
    const body = '<div class="brandModelInfo"><h2 class="product_details modelNo"> Model # 6202-22-00 </h2></div>';
    expect(extractProductIdentity(page('', body), { url: URL })?.model).toBe('6202-22-00');
  });

  it('reads a value in a child of the element that writes its label, nothing standing beside it ("SKU <span>108000</span>"), and “web ID”', () => {
    const sku = (body: string) => extractProductIdentity(page('', body), { url: URL })?.sku;
    expect(sku('<span id="sku"> SKU <span itemprop="sku">108000</span></span>')).toBe('108000');
    expect(sku('<div id="productWebId">web ID: 2635345</div>')).toBe('2635345');
    // A value beside the label's element comes first.
    expect(sku('<p><b>SKU <i class="icon"></i></b> 763127</p>')).toBe('763127');
  });

  it('reads the value after a label whose colon stands outside the label’s element ("<strong>EAN</strong>: …")', () => {
    const description = '<div itemprop="description"><p><strong>EAN</strong>: 0195122235390</p><p><strong>Herstellernummer: </strong>1A9M8AA#ABB</p></div>';
    const item = extractProductIdentity(page('', description), { url: URL });
    expect(item?.gtin).toBe('00195122235390');
    expect(item?.model).toBe('1A9M8AA#ABB');
  });

  it('reads the shop’s item number under its label in the languages of eastern and southern Europe and Turkey', () => {
    for (const label of ['Tootekood', 'Preces kods', 'Prekės kodas', 'Kód produktu', 'Katalogové číslo', 'Cikkszám', 'Ürün kodu', 'Κωδικός', 'Šifra artikla', 'Tuotekoodi', 'Kod towaru', 'Numer artykułu', 'Code produit']) {
      expect(extractProductIdentity(page('', `<p class="product-id">${label}: 763127</p>`), { url: URL })?.sku).toBe('763127');
    }
  });

  it('reads the shop’s item number under the labels shops write beside the name: “Product Sku”, “Nr ref.”, “Indeks”, “Référence interne”, “Kód”, “ID produs”, “Item#”', () => {
    for (const [label, id] of [['Product Sku:', '42412205'], ['Nr ref.', '82514129'], ['Indeks:', 'RPI-14751'], ['Référence interne :', 'MART-00001'], ['Kód:', 'AEGPR065'], ['ID produs:', '65789.4'], ['Referência produto:', '3410048'], ['Numer oferty:', '18024165357'], ['Item#', 'VAL0219002BLK']]) {
      expect(extractProductIdentity(page('', `<p class="product-info">${label} ${id}</p>`), { url: URL })?.sku).toBe(id);
    }
  });

  it('reads a spec label with its abbreviation in brackets, and the shop’s item number as “Item:” or “Код:”', () => {
    const spec = '<dl><dt class="label">Manufacturer Part Number (MPN) </dt><dd class="value">GA00638-GB</dd><dt class="label">Model name / number </dt><dd class="value">Nest Mini, 2nd Gen</dd></dl>';
    expect(extractProductIdentity(page('', spec), { url: URL })?.model).toBe('GA00638-GB');
    expect(extractProductIdentity(page('', '<div class="item-code">Item: SB00260</div>'), { url: URL })?.sku).toBe('SB00260');
    expect(extractProductIdentity(page('', '<p><span class="element-article">Код: 01245</span></p>'), { url: URL })?.sku).toBe('01245');
    expect(extractProductIdentity(page('', '<table><tr><td>ID Produto</td><td>1236291</td></tr></table>'), { url: URL })?.sku).toBe('1236291');
  });
});

describe('labels of the maker’s part number', () => {
  it('reads it under “Herst.-Artikelnummer”, “HAN”, “MFR”, “P/N”, “Man. Ref”, “Manufacturer Style No.”, “Tillverkarens artikelnr”, “Modell” and “Modèle”', () => {
    for (const [label, code] of [['Herst.-Artikelnummer:', '60005830'], ['HAN:', 'UM.HV7EE.E03'], ['MFR:', '10G-P5-3885-KR'], ['P/N:', '90LM0500-B01370'], ['Man. Ref:', 'CK5707-100'], ['Manufacturer Style No.', '415-20-153'], ['Tillverkarens artikelnr:', '5011101696']]) {
      expect(extractProductIdentity(page('', `<p class="product-info">${label} ${code}</p>`), { url: URL })?.model).toBe(code);
    }
    for (const label of ['Modell', 'Modèle']) {
      expect(extractProductIdentity(page('', `<table><tr><th>${label}</th><td>9S6-3PB49H-049</td></tr></table>`), { url: URL })?.model).toBe('9S6-3PB49H-049');
    }
  });
});

describe('labels of shops in Japan, China and Korea', () => {
  it('reads the shop’s item number, the maker’s model number and the brand under their labels', () => {
    for (const label of ['商品番号', '商品コード', '注文コード', '货号', '상품번호']) {
      expect(extractProductIdentity(page('', `<table><tr><th>${label}</th><td>750592</td></tr></table>`), { url: URL })?.sku).toBe('750592');
    }
    for (const label of ['型番', 'メーカー品番', '型号', '모델명']) {
      expect(extractProductIdentity(page('', `<table><tr><th>${label}</th><td>C-002F</td></tr></table>`), { url: URL })?.model).toBe('C-002F');
    }
    expect(extractProductIdentity(page('', '<table><tr><th>ブランド</th><td>Teenage Engineering</td></tr></table>'), { url: URL })?.brand).toBe('Teenage Engineering');
  });

  it('reads the model number from a row of four label–value pairs side by side (管理番号, 発売日, 定価, 型番)', () => {
    const row = '<table><tr><th>管理番号</th><td>中古 ：128049960001</td><th>発売日</th><td>2014/07/16</td><th>定価</th><td>5,170円</td><th>型番</th><td>VWDZ-8198</td></tr></table>';
    expect(extractProductIdentity(page('', row), { url: URL })?.model).toBe('VWDZ-8198');
  });
});

describe('labels of shops in south-east Asia and the Arab world', () => {
  it('reads the brand and the shop’s item number under their labels, and no brand where the row names no maker', () => {
    for (const label of ['Thương hiệu', 'Merek', 'ยี่ห้อ', 'الماركة']) {
      expect(extractProductIdentity(page('', `<table><tr><th>${label}</th><td>Xiaomi</td></tr></table>`), { url: URL })?.brand).toBe('Xiaomi');
    }
    for (const label of ['Mã sản phẩm', 'Kode produk', 'รหัสสินค้า']) {
      expect(extractProductIdentity(page('', `<table><tr><th>${label}</th><td>00773150</td></tr></table>`), { url: URL })?.sku).toBe('00773150');
    }
    expect(extractProductIdentity(page('', '<table><tr><th>Thương hiệu</th><td>OEM</td></tr></table>'), { url: URL })?.brand ?? null).toBeNull();
  });

  it('reads the maker’s model number under its Arabic, Thai, traditional Chinese and Korean labels', () => {
    for (const label of ['الموديل', 'رقم الموديل', 'الطراز', 'รุ่น', 'หมายเลขรุ่น', '型號', '모델번호']) {
      expect(extractProductIdentity(page('', `<table><tr><th>${label}</th><td>SE3631</td></tr></table>`), { url: URL })?.model).toBe('SE3631');
    }
  });
});

describe('the labels of Amazon’s product details in its marketplaces’ languages', () => {
  it('read the maker’s model and part number and the manufacturer', () => {
    const labels = ['Modelnummer artikel', 'Artikelns modellnummer', 'Numer modelu produktu', 'Ürün model numarası', 'رقم موديل السلعة', 'Número de modelo', 'Numero modello', 'Onderdeelnummer', 'Numer części', 'Parça numarası', 'رقم القطعة', 'Üretici referansı'];
    for (const label of labels) {
      expect(extractProductIdentity(page('', `<table><tr><th>${label}</th><td>SE3631</td></tr></table>`), { url: URL })?.model).toBe('SE3631');
    }
    expect(extractProductIdentity(page('', '<table><tr><th>الشركة المصنعة</th><td>Philips</td></tr></table>'), { url: URL })?.brand).toBe('Philips');
  });
});

describe('labels that name a control', () => {
  it('reads no value beside a tab or button named like a label: the next tab is no brand', () => {
    const tab = (text: string, role = '') => `<button type="button"${role}><div class="tabs-tab__text">${text}</div></button>`;
    const tabs = `<div class="tabs">${tab('Описание')}${tab('Бренд')}${tab('Дополнительная информация')}</div>`;
    expect(extractProductIdentity(page('', tabs), { url: URL })?.brand ?? null).toBeNull();
    const roleTabs = `<div role="tablist"><div role="tab"><span>Brand</span></div><div role="tab"><span>Reviews</span></div></div>`;
    expect(extractProductIdentity(page('', roleTabs), { url: URL })?.brand ?? null).toBeNull();
    // A label beside its value still reads.
    expect(extractProductIdentity(page('', '<div><div>Marke</div><div>Acer</div></div>'), { url: URL })?.brand).toBe('Acer');
  });
});

describe('labels of Brazilian shops and labels that join several barcode names', () => {
  it('reads the maker’s model number under “Referência do modelo”, and a barcode under “UPC/EAN/ISBN”', () => {
    for (const label of ['Referência do modelo', 'Código do fabricante']) {
      expect(extractProductIdentity(page('', `<table><tr><th>${label}</th><td>SM-G950FZKJZTO</td></tr></table>`), { url: URL })?.model).toBe('SM-G950FZKJZTO');
    }
    expect(extractProductIdentity(page('', '<ul><li>SKU: AE84F107</li><li>UPC/EAN/ISBN: 673419168342</li></ul>'), { url: URL })?.gtin).toBe('00673419168342');
  });
});

/** What the page reads from one specification row. */
const readRow = (label: string, value: string) => extractProductIdentity(page('', `<table><tr><th>${label}</th><td>${value}</td></tr></table>`), { url: URL });

describe('labels of Israeli shops', () => {
  it('reads the shop’s product code, the model and the brand under their Hebrew labels', () => {
    expect(readRow('קוד מוצר', '144432')?.sku).toBe('144432');
    expect(readRow('מק"ט', '144432')?.sku).toBe('144432');
    expect(readRow('דגם', 'WH-1000XM5')?.model).toBe('WH-1000XM5');
    expect(readRow('מותג', 'Sony')?.brand).toBe('Sony');
  });
});

describe('labels of Dutch and Nordic shops, and a label explained in brackets', () => {
  it('reads the maker’s code under “Fabrikantcode”, “Model-nr.”, “MPN (Manufacturer Part Number)” and eBay’s French and Spanish labels', () => {
    for (const label of ['Fabrikantcode', 'Model-nr.:', 'Modelnummer', 'MPN (Manufacturer Part Number)', 'Numéro de pièce fabricant:', 'Número de pieza del fabricante']) {
      expect(extractProductIdentity(page('', `<table><tr><th>${label}</th><td>CHDHX-701-RW</td></tr></table>`), { url: URL })?.model).toBe('CHDHX-701-RW');
    }
  });
});

describe('brand labels of the shops of central and eastern Europe, the Balkans, Greece, Turkey, Italy and the Nordics', () => {
  it('reads the maker under its label in each language, in a table and as “Label: value”', () => {
    const labels = ['Značka', 'Výrobca', 'Márka', 'Marchio', 'Varumärke', 'Mærke', 'Merke', 'Μάρκα', 'Κατασκευαστής', 'Марка', 'Виробник', 'Производител', 'Üretici', 'Proizvođač', 'Brend', 'Producător', 'Tootja', 'Zīmols', 'Prekės ženklas', 'Manufactured by'];
    for (const label of labels) {
      expect(extractProductIdentity(page('', `<table><tr><th>${label}</th><td>Lumetra</td></tr></table>`), { url: URL })?.brand).toBe('Lumetra');
      expect(extractProductIdentity(page('', `<p>${label}: <span>Lumetra</span></p>`), { url: URL })?.brand).toBe('Lumetra');
    }
  });
});

describe('item-number labels written with a hash or as a reference', () => {
  it('reads the shop’s item number under “Ref #”, “Cód. Ref.”, “Número de item” and a fashion shop’s “Style #”', () => {
    for (const label of ['Ref #:', 'Cód. Ref.:', 'Número de item:', 'Style #:']) {
      expect(extractProductIdentity(page('', `<p class="product-id">${label} 65490</p>`), { url: URL })?.sku).toBe('65490');
    }
  });
});

describe('a label the item’s heading writes inside a <header>', () => {
  it('reads it as the item’s: a header holding the page’s h1 heads the item, not the site', () => {
    const heading = '<h1><span>Lumetra K7 Keyboard</span> <span class="element-article">Код: 01245</span></h1>';
    const html = `<!doctype html><html><head><title>Lumetra K7 Keyboard</title></head><body><header>${heading}</header><span class="price">$49.90</span></body></html>`;
    expect(extractProductIdentity(html, { url: URL })?.sku).toBe('01245');
    // The site's header elsewhere stays the site's.
    const site = `<!doctype html><html><head><title>Lumetra K7 Keyboard</title></head><body><header><p>Код: 99999</p></header><h1>Lumetra K7 Keyboard</h1><span class="price">$49.90</span></body></html>`;
    expect(extractProductIdentity(site, { url: URL })?.sku).toBeNull();
  });
});

describe('a label in the item’s own block marked as a product card', () => {
  it('reads it where the card holds the page’s h1, and not from the cards of other products', () => {
    const card = '<div class="product-card"><div class="product-card__header"><p>Артикул: 46678</p></div><h1>Lumetra K7 Keyboard</h1><span class="price">$49.90</span></div>';
    const html = (body: string) => `<!doctype html><html><head><title>Lumetra K7 Keyboard</title></head><body>${body}</body></html>`;
    expect(extractProductIdentity(html(card), { url: URL })?.sku).toBe('46678');
    const related = '<h1>Lumetra K7 Keyboard</h1><span class="price">$49.90</span><div class="product-card"><h3>Lumetra K8</h3><p>Артикул: 99999</p></div>';
    expect(extractProductIdentity(html(related), { url: URL })?.sku).toBeNull();
  });
});

describe('barcode labels in the languages of European shops', () => {
  it('reads the barcode under each', () => {
    const labels = ['EAN kód', 'EAN-kod', 'EAN-koodi', 'Код EAN', 'Vonalkód', 'Barkod', 'Čiarový kód', 'Čárový kód', 'Svītrkods', 'Brūkšninis kodas', 'Ribakood', 'Cod de bare', 'Stregkode', 'Strekkode'];
    for (const label of labels) expect(readRow(label, '5901234123457')?.gtin).toBe('05901234123457');
  });

  it('reads the shop’s product number written after "Product#"', () => {
    expect(extractProductIdentity(page('', '<div class="prodSku"> Product# <span class="prodNum">E3E02A#B1H</span> </div>'), { url: URL })?.sku).toBe('E3E02A#B1H');
  });

  it('reads a table row whose label ends in a hash as the label words write it ("Product#", "Internet #", "Manufacturer #")', () => {
    expect(readRow('Product#', 'E3E02A#B1H')?.sku).toBe('E3E02A#B1H');
    expect(readRow('Internet #', '205594063')?.sku).toBe('205594063');
    expect(readRow('Manufacturer #', 'HS-MG-0174')?.model).toBe('HS-MG-0174');
    expect(readRow('Mfr Part #:', 'STM32F407VGT6')?.model).toBe('STM32F407VGT6');
    // A label that names its row without the hash names it with one too.
    expect(readRow('Model #', '6202-22-00')?.model).toBe('6202-22-00');
    expect(readRow('UPC #', '036000291452')?.gtin).toBe('00036000291452');
  });

  it('reads a book’s or a box set’s barcode under "ISBN nummer", and a barcode under "UPC number"', () => {
    expect(readRow('ISBN nummer', '9782884719506')?.gtin).toBe('09782884719506');
    expect(readRow('ISBN nummer', '3600121191341')?.gtin).toBe('03600121191341');
    expect(readRow('UPC number', '036000291452')?.gtin).toBe('00036000291452');
  });
});

describe('a label and its value written in one list item', () => {
  it('reads the shop’s item number a list item writes after “SKU #”', () => {
    const html = page('', '<ul class="sku_cod"><li class="itemid">SKU #2381366</li><li>12 units per case</li></ul>');
    expect(extractProductIdentity(html, { url: 'https://www.shop.example.com/i2381366-sleeping-bags.html' })?.sku).toBe('2381366');
  });
});

describe('a code an element marked as the item’s model writes alone', () => {
  it('reads it as the maker’s part number', () => {
    const html = page('', '<div class="product-page-model mb-4"> PRIME-RTX5070TI-O16G </div>');
    expect(extractProductIdentity(html, { url: URL })?.model).toBe('PRIME-RTX5070TI-O16G');
  });

  it('reads no part number where words introduce the code, from a model year, or from a spec cell labelled in data-th', () => {
    for (const body of [
      '<div class="product-model model-number"> (Art.Nr.: <span class="model-number-text">BLU107411</span>)</div>',
      '<span class="buying-zone__model-year">2019</span>',
      '<table><tr><th>Processor model</th><td class="col data" data-th="Model procesor">5500U</td></tr></table>',
    ]) expect(extractProductIdentity(page('', body), { url: URL })?.model ?? null).toBeNull();
  });
});

describe('labels of Ukrainian and Russian shops', () => {
  it('reads the shop’s code under “Код товару” and the barcode under “Штрихкод” or “Штрих-код”', () => {
    expect(readRow('Код товару', 'U0961530')?.sku).toBe('U0961530');
    expect(readRow('Штрихкод', '195949805783')?.gtin).toBe('00195949805783');
    expect(readRow('Штрих-код', '4607001771548')?.gtin).toBe('04607001771548');
  });

  it('reads the maker’s code under “Код производителя”, “Артикул производителя”, “Партномер” and “Код виробника”', () => {
    for (const label of ['Код производителя', 'Артикул производителя', 'Партномер', 'Парт-номер', 'Код виробника']) expect(readRow(label, 'RZ06-02610400-R3G1')?.model).toBe('RZ06-02610400-R3G1');
  });
});

describe('a specification cell that writes its value twice', () => {
  it('reads a filter’s checkbox label and its link as the value once ("KFA2 KFA2")', () => {
    const html = page('', '<table><tr><td><h3>Marque</h3></td><td><input type="checkbox" id="fb"><label for="fb">KFA2</label> <a href="/c4684/+fb.html">KFA2</a></td></tr></table>');
    expect(extractProductIdentity(html, { url: URL })?.brand).toBe('KFA2');
    // Words that differ stay as they are.
    expect(extractProductIdentity(page('', '<table><tr><th>Brand</th><td>Duran Audio</td></tr></table>'), { url: URL })?.brand).toBe('Duran Audio');
  });
});

describe('labels of Polish and Brazilian shops', () => {
  it('reads “Kod systemowy” and a bare “Código” as the shop’s code, “Referência” as the maker’s, and values written in square brackets without them', () => {
    const codes =
      '<ul><li>Kod systemowy: [PR-IN51I7-INT-029]</li><li>Kod producenta: [BX80684I78700K]</li><li>Kod EAN: [5032037108652]</li></ul>';
    const read = extractProductIdentity(page('', codes), { url: URL });
    expect(read?.sku).toBe('PR-IN51I7-INT-029');
    expect(read?.model).toBe('BX80684I78700K');
    expect(read?.gtin).toBe('05032037108652');
    expect(readRow('Código', '265966')?.sku).toBe('265966');
    // Brazilian shops write the maker's part number under "Referência".
    expect(readRow('Referência', 'ZE520KL-1A090BR')?.model).toBe('ZE520KL-1A090BR');
  });

  it('reads a label and value an element writes after a separator child, not the next pair beside it', () => {
    const line =
      '<div><span class="codes"><span class="sep">|</span>kod producenta: GV-N3070EAGLE-8GD</span><span class="sep">|</span>kod <span>x-kom</span>: 597344</div>';
    expect(extractProductIdentity(page('', line), { url: URL })?.model).toBe('GV-N3070EAGLE-8GD');
  });
});

describe('brand rows of pharmacies and marketplaces', () => {
  it('reads the marketer a pharmacy names beside the item, and a brand row up to the next label in its line', () => {
    const marketer = '<div class="meta"><div class="meta-title">Marketer</div><div class="meta-value"><a href="/marketer/micro-labs-ltd-57187">Micro Labs Ltd</a></div></div>';
    expect(extractProductIdentity(page('', marketer), { url: URL })?.brand).toBe('Micro Labs Ltd');
    expect(readRow('Marka', 'Huawei Seri: Mate')?.brand).toBe('Huawei');
    expect(readRow('Marka', 'Huawei seri mate')?.brand).toBe('Huawei seri mate');
  });

  it('reads the maker a shop names under “Maker”, as Japanese shops write メーカー in English', () => {
    const crumbs = '<ol class="breadcrumb"><li><a href="/">Home</a></li><li><a href="/keyboards/">Lumetra</a></li><li>Lumetra K7 Keyboard</li></ol>';
    expect(extractProductIdentity(page('', `${crumbs}<p class="maker">Maker: Orvane Works</p>`), { url: URL })?.brand).toBe('Orvane Works');
  });
});

describe('the maker’s codes sneaker and game shops label', () => {
  it('reads a sneaker’s “Style code” and a game’s “規格番号” as the maker’s part number', () => {
    expect(readRow('Style code', '1203A115 105')?.model).toBe('1203A115 105');
    expect(readRow('規格番号', 'VWDZ-8198')?.model).toBe('VWDZ-8198');
    // A shop's style number stays the shop's.
    expect(readRow('Style No.', '39407267')?.model ?? null).toBeNull();
  });
});

describe('tables with two label–value pairs in a row', () => {
  it('reads each pair of a row whose label cells end with a colon or are header cells', () => {
    const specifics =
      '<table><tr><td class="attrLabels">Condition:</td><td>New</td><td class="attrLabels">Brand:</td><td><span>Lumetra</span></td></tr>' +
      '<tr><td class="attrLabels">Colour:</td><td>Yellow</td><td class="attrLabels">MPN:</td><td><span>LK7-204</span></td></tr>' +
      '<tr><th>UPC</th><td>036000291452</td><th>Weight</th><td>540 g</td></tr></table>';
    const read = extractProductIdentity(page('', specifics), { url: URL });
    expect(read).toMatchObject({ brand: 'Lumetra', model: 'LK7-204', gtin: '00036000291452' });
  });

  it('reads a pair whose row ends in a cell holding only a control ("Drucken"), not a row of three values', () => {
    const sheet = '<table><tr><td>Herstellernummer</td><td><span id="hbNr">LK7-204</span></td><td><a href="javascript:print();" class="print">Drucken</a></td></tr></table>';
    expect(extractProductIdentity(page('', sheet), { url: URL })?.model).toBe('LK7-204');
    const three = '<table><tr><td>Herstellernummer</td><td>LK7-204</td><td>LK7-205 Keyboard Pro, 2 years warranty</td></tr></table>';
    expect(extractProductIdentity(page('', three), { url: URL })?.model ?? null).toBeNull();
  });

  it('reads no pair from a row of values without labels (a comparison table)', () => {
    const compare = '<table><tr><td>Model</td><td>K7</td><td>Brand</td><td>Orvane</td></tr></table>';
    expect(extractProductIdentity(page('', compare), { url: URL })?.brand ?? null).toBeNull();
  });
});

describe('an item number written with a number sign', () => {
  it('reads the number without the sign before it ("SKU: #7189985")', () => {
    expect(extractProductIdentity(page('', '<span class="sku id">SKU: #7189985</span>'), { url: URL })?.sku).toBe('7189985');
    expect(extractProductIdentity(page('', '<table><tr><th>Артикул</th><td>№ 40213</td></tr></table>'), { url: URL })?.sku).toBe('40213');
  });
});

describe('an item number without a digit', () => {
  const skuOf = (value: string) => extractProductIdentity(page('', `<dl><dt>SKU:</dt><dd data-product-sku>${value}</dd><dt>Weight:</dt><dd>0.25 LBS</dd></dl>`), { url: URL })?.sku ?? null;

  it('reads capitals written in parts ("OLIVA-SG-ROBUSTO")', () => {
    expect(skuOf('OLIVA-SG-ROBUSTO')).toBe('OLIVA-SG-ROBUSTO');
    expect(skuOf('BLK_TEE_L')).toBe('BLK_TEE_L');
  });

  it('reads no word as one ("Robusto", "NONE", "n/a")', () => {
    for (const value of ['Robusto', 'NONE', 'n/a', 'Oliva-Serie-G']) expect(skuOf(value)).toBeNull();
  });
});

describe('a table whose header row names its columns', () => {
  const table = (rows: string) =>
    '<table><thead><tr><th>Option</th><th>UPC</th><th>MPN</th></tr></thead><tbody>' + rows + '</tbody></table>';
  const row = (option: string, upc: string, mpn: string) => `<tr><td>${option}</td><td>${upc}</td><td>${mpn}</td></tr>`;

  it('reads each column’s value from the one row below, the same row written twice or an empty row beside it', () => {
    const once = extractProductIdentity(page('', table(row('Red', '036000291452', 'LK7-204') + row('', '', ''))), { url: URL });
    expect(once).toMatchObject({ model: 'LK7-204', gtin: '00036000291452' });
    const twice = extractProductIdentity(page('', table(row('Red', '036000291452', 'LK7-204').repeat(2))), { url: URL });
    expect(twice).toMatchObject({ model: 'LK7-204', gtin: '00036000291452' });
  });

  it('reads nothing from a table of two different rows, nor pairs in the header row', () => {
    const variants = table(row('Red', '036000291452', 'LK7-204') + row('Blue', '036000291469', 'LK7-205'));
    expect(extractProductIdentity(page('', variants), { url: URL })).toMatchObject({ model: null, gtin: null });
    const headerOnly = '<table><tr><th>MPN</th><th>LK7-204</th></tr></table>';
    expect(extractProductIdentity(page('', headerOnly), { url: URL })?.model ?? null).toBeNull();
  });
});

describe('pairs written as lines of one element', () => {
  it('reads each line between line breaks as its own pair, a link for its value too', () => {
    const lines = '<div id="nome_produto"><span class="tituloProduto"><strong>Lumetra K7 Keyboard</strong></span><br> Código: 434531 <br> Marca: <a href="/busca?m=1">NORDVIK</a><br><a href="/k7">Ver mais</a></div>';
    expect(extractProductIdentity(page('', lines), { url: URL })).toMatchObject({ brand: 'NORDVIK', sku: '434531' });
  });

  it('reads no pair across a block between the lines', () => {
    const block = '<div>Marca:<div class="note">Frete grátis para todo o Brasil</div><br>Nordvik</div>';
    expect(extractProductIdentity(page('', block), { url: URL })?.brand ?? null).toBeNull();
  });
});

describe('brand labels of the Baltic and Nordic shops', () => {
  it('reads the brand of “Kaubamärk”, “Tuotemerkki”, “Marcă”, and the maker of “Gamintojas”, “Ražotājs”, “Proizvajalec”', () => {
    expect(readRow('Kaubamärk', 'Bosch')?.brand).toBe('Bosch');
    expect(readRow('Tuotemerkki', 'Fiskars')?.brand).toBe('Fiskars');
    expect(readRow('Marcă', 'Philips')?.brand).toBe('Philips');
    expect(readRow('Gamintojas', 'Makita')?.brand).toBe('Makita');
    expect(readRow('Ražotājs', 'Samsung')?.brand).toBe('Samsung');
    expect(readRow('Proizvajalec', 'Gorenje')?.brand).toBe('Gorenje');
  });
});

describe('a manufacturer row naming a country', () => {
  it('reads no maker from “Производитель: Италия” (where the item is made), but a maker’s name under the same label', () => {
    expect(readRow('Производитель', 'Италия')?.brand ?? null).toBeNull();
    expect(readRow('Hersteller', 'Deutschland')?.brand ?? null).toBeNull();
    expect(readRow('Производитель', 'Zoeva')?.brand).toBe('Zoeva');
    // A brand named like a country stays a brand where the row says brand.
    expect(readRow('Brand', 'Jordan')?.brand).toBe('Jordan');
  });
});
