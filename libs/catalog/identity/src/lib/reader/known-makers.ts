/**
 * The known-maker reader: an item's name that begins with the name of a well-known maker ("Dell S Series S2721HGFA …",
 * "Canon RF 24-70mm F2.8 L IS USM", "Samsung Odyssey OLED G9 …") gives the brand where no other source on the page
 * names one (brand.ts hears it last). Shops of many makers name their items so, and a page without brand markup leaves
 * nothing else to read the brand from. The list is of makers whose names are no everyday word at the start of an
 * item's name: not "Next", "Gap", "Guess" or "Coach", nor "Atomic" ("Atomic Habits"), "Giant" or "Continental".
 */
import { cleanText } from '../html';
import type { Evidence } from './evidence';
import { compact, type Page } from './page';
import { itemNamesFirstToLast } from './titles';

/** Makers known by name across the kinds of goods shops sell, as their names are written. */
const MAKERS = [
  // Computers, phones, tablets, monitors and their parts
  'Acer', 'AMD', 'AOC', 'Apple', 'ASRock', 'ASUS', 'BenQ', 'Corsair', 'Crucial', 'Dell', 'EIZO', 'Fujitsu', 'Gigabyte',
  'Google', 'Honor', 'HP', 'HTC', 'Huawei', 'HyperX', 'Intel', 'Kingston', 'Lenovo', 'LG', 'Logitech', 'Microsoft',
  'MSI', 'Motorola', 'Nokia', 'NVIDIA', 'OnePlus', 'Oppo', 'Razer', 'Realme', 'Samsung', 'SanDisk', 'Seagate',
  'SteelSeries', 'Synology', 'Toshiba', 'TP-Link', 'Netgear', 'Ubiquiti', 'Vivo', 'ViewSonic', 'Western Digital', 'Xiaomi',
  'NEC', 'iiyama', 'EVGA', 'Palit', 'Sapphire', 'PowerColor', 'XFX', 'Gainward', 'Inno3D', 'ADATA', 'Team Group', 'QNAP',
  'Sharkoon', 'Hama', 'Gigaset', 'devolo', 'AVM', 'Edifier', 'Infinix', 'Tecno', 'Alienware', 'Keychron', 'Roccat', 'Kensington',
  'Targus', 'StarTech', 'Hikvision', 'Reolink', 'Ezviz',
  'ZOTAC', 'Zyxel', 'D-Link', 'Linksys', 'Elgato', 'Wacom', 'Brother', 'Epson', 'Canon', 'Lexmark', 'Kyocera', 'Ricoh',
  'Xerox', 'Cooler Master', 'Noctua', 'be quiet!', 'Thermaltake', 'NZXT', 'Fractal Design', 'Lian Li', 'Patriot',
  'G.Skill', 'Transcend', 'Verbatim', 'Lexar', 'PNY', 'Belkin', 'Anker', 'Ugreen', 'Baseus', 'Jabra', 'Plantronics',
  'Cisco', 'Zebra', 'Garmin', 'Fitbit', 'Amazfit', 'Suunto', 'Fairphone', 'Alcatel', 'ZTE', 'Blackview', 'Ulefone',
  'Sony', 'Panasonic', 'Philips', 'Sharp', 'Hisense', 'TCL', 'Vizio', 'Grundig', 'Loewe', 'Medion', 'Thomson',
  // Audio, photo and video
  'Bose', 'Sennheiser', 'JBL', 'Harman Kardon', 'Bang & Olufsen', 'Beats', 'Marshall', 'Sonos', 'Denon', 'Marantz', 'Yamaha',
  'Onkyo', 'Pioneer', 'Teufel', 'Bowers & Wilkins', 'KEF', 'Klipsch', 'Audio-Technica', 'Shure', 'Rode', 'AKG', 'Beyerdynamic',
  'Skullcandy', 'Ultimate Ears', 'Nikon', 'Fujifilm', 'Olympus', 'OM System', 'Leica', 'Hasselblad', 'Sigma', 'Tamron', 'Tokina',
  'Zeiss', 'Samyang', 'Viltrox', 'Kodak', 'Polaroid', 'Rollei', 'Hoya', 'Benro', 'Joby', 'Profoto', 'SmallRig',
  'GoPro', 'DJI', 'Insta360', 'Manfrotto', 'Peak Design', 'Godox', 'Blackmagic Design',
  // Games
  'Nintendo', 'Logitech G', 'Turtle Beach', 'Thrustmaster', 'HORI', '8BitDo',
  // Household appliances and the home
  'Bosch', 'Siemens', 'Miele', 'AEG', 'Electrolux', 'Whirlpool', 'Bauknecht', 'Beko', 'Gorenje', 'Liebherr', 'Smeg', 'Haier',
  'Hotpoint', 'Indesit', 'Zanussi', 'Neff', 'Gaggenau', 'Frigidaire', 'KitchenAid', 'Maytag', 'GE Appliances',
  'Dyson', 'iRobot', 'Roborock', 'Ecovacs', 'Shark', 'Vorwerk', 'Kärcher', 'Rowenta', 'Tefal', 'Moulinex', 'Krups', 'DeLonghi',
  'Nespresso', 'Jura', 'Breville', 'Braun', 'Oral-B', 'Remington', 'Babyliss', 'Russell Hobbs', 'WMF',
  'Zwilling', 'Fissler', 'Le Creuset', 'Staub', 'Cuisinart', 'Ninja', 'Vitamix', 'Instant Pot', 'Nutribullet', 'Kenwood',
  'SodaStream', 'Brita', 'Emsa', 'Rösle', 'Silit', 'Pyrex', 'Luminarc', 'Duralex', 'Villeroy & Boch', 'Rosenthal',
  'Dualit', 'Hoover', 'Vax', 'Bissell', 'Dreame', 'Tineco', 'Clatronic', 'Bomann', 'Morphy Richards', 'Salter', 'Bodum',
  'Contigo', 'Hydro Flask', 'Klean Kanteen', 'Sigg', 'CamelBak',
  'Severin', 'Melitta', 'Bialetti', 'Tupperware', 'IKEA', 'Tempur', 'Casper', 'Arlo', 'Eufy', 'Netatmo', 'Tado',
  'Nanoleaf', 'Govee', 'Ledvance', 'Osram', 'Flos', 'Louis Poulsen', 'Vitra', 'Stokke', 'Leifheit', 'Vileda',
  'Brabantia', 'Joseph Joseph', 'OXO', 'Yankee Candle', 'Weber', 'Traeger', 'Gardena', 'Husqvarna', 'Stihl', 'Makita',
  'DeWalt', 'Milwaukee', 'Black+Decker', 'Ryobi', 'Einhell', 'Metabo', 'Hilti', 'Festool', 'Fein', 'Knipex', 'Wera', 'Wiha',
  'Stanley', 'Craftsman', 'Worx', 'Greenworks', 'Victorinox', 'Leatherman', 'Gerber', 'Fiskars', 'Wüsthof',
  // Fashion, shoes, bags and watches
  'Adidas', 'Nike', 'Puma', 'Reebok', 'New Balance', 'ASICS', 'Under Armour', 'Converse', 'Vans', 'Skechers', 'Fila',
  'Saucony', 'Brooks', 'Hoka', 'On Running', 'Salomon', 'Merrell', 'Columbia', 'The North Face', 'Patagonia', 'Arcteryx',
  'Jack Wolfskin', 'Mammut', 'Fjällräven', 'Osprey', 'Deuter', 'Vaude', 'Helly Hansen', 'Timberland', 'Dr. Martens',
  'Birkenstock', 'Crocs', 'UGG', 'Clarks', 'Ecco', 'Geox', 'Lacoste', 'Levi\'s', 'Wrangler', 'Diesel', 'Tommy Hilfiger',
  'Calvin Klein', 'Hugo Boss', 'Ralph Lauren', 'Polo Ralph Lauren', 'Gant', 'Superdry', 'Esprit', 'Zara',
  'Uniqlo', 'Gucci', 'Prada', 'Fendi', 'Versace', 'Burberry', 'Balenciaga', 'Givenchy', 'Valentino', 'Dolce & Gabbana',
  'Michael Kors', 'Kate Spade', 'Tory Burch', 'Ray-Ban', 'Oakley', 'Rolex', 'Tissot', 'Seiko', 'Citizen', 'Casio',
  'Swatch', 'Fossil', 'Longines', 'TAG Heuer', 'Breitling', 'Junghans', 'Samsonite', 'Rimowa', 'Eastpak',
  'Jack & Jones', 'Vero Moda', 'Pepe Jeans', 'G-Star', 'Armani Exchange', 'Emporio Armani', 'Marc O\'Polo',
  's.Oliver', 'Tom Tailor', 'Napapijri', 'Woolrich', 'Stone Island', 'Karl Lagerfeld', 'Liu Jo', 'Furla', 'Longchamp',
  'Mulberry', 'Saint Laurent', 'Bottega Veneta', 'Miu Miu', 'Jimmy Choo', 'Christian Louboutin', 'Manolo Blahnik',
  'Salvatore Ferragamo', 'Golden Goose', 'Veja', 'Onitsuka Tiger', 'Diadora', 'Le Coq Sportif', 'Ellesse', 'Fred Perry',
  'Paul Smith', 'Ted Baker', 'AllSaints', 'Sorel', 'Teva', 'Havaianas', 'Lowa', 'Meindl', 'Hanwag', 'Scarpa',
  'La Sportiva', 'Icebreaker', 'Smartwool', 'Falke', 'Happy Socks', 'Schiesser', 'Sloggi', 'Seidensticker',
  'Certina', 'Mido', 'Oris', 'Frederique Constant', 'Maurice Lacroix', 'Bulova', 'Timex', 'Daniel Wellington', 'Skagen',
  'Festina', 'Swarovski', 'Thomas Sabo',
  'Herschel', 'Tumi', 'Moncler', 'Canada Goose', 'Barbour', 'Carhartt', 'Dickies', 'Champion', 'Kappa', 'Umbro', 'Hummel',
  // Beauty and care
  "L'Oréal", 'Maybelline', 'NARS', 'Clinique', 'Estée Lauder', 'Lancôme',
  'Shiseido', 'Dior', 'Chanel', 'Guerlain', 'Clarins', 'Nivea', 'Garnier', 'Neutrogena', 'La Roche-Posay', 'Vichy', 'CeraVe',
  'Eucerin', 'Bioderma', 'Avène', 'Kiehl\'s', 'The Ordinary', 'Olaplex', 'Wella', 'Schwarzkopf', 'Kérastase', 'Redken',
  'Revlon', 'Rimmel', 'Too Faced', 'Urban Decay', 'Fenty Beauty', 'Charlotte Tilbury', 'Sephora Collection',
  'Rexona', 'Old Spice', 'Pantene', 'Head & Shoulders', 'Colgate', 'Sensodyne', 'Wahl', 'Bourjois', 'Catrice',
  'Sisley', 'Biotherm', 'Caudalie', 'Nuxe', 'Uriage', 'Klorane', 'Aveeno', 'Cetaphil', 'Paula\'s Choice', 'Drunk Elephant',
  'Rituals', 'Yves Rocher', 'Davidoff', 'Paco Rabanne', 'Jean Paul Gaultier', 'Yves Saint Laurent', 'Carolina Herrera',
  'Montblanc', 'Jo Malone', 'Tom Ford', 'Marc Jacobs', 'Viktor & Rolf', 'Mugler', 'Azzaro', 'Issey Miyake', 'Kenzo',
  'Chloé', 'Hermès', 'Bvlgari', 'Cartier',
  'Weleda', 'Gillette', 'Philips Sonicare', 'GHD', 'Foreo', 'Cosrx', 'Laneige', 'Innisfree', 'Sulwhasoo',
  // Sport, outdoor, toys and children
  'Trek', 'Specialized', 'Cannondale', 'Shimano', 'SRAM', 'Campagnolo',
  'Bianchi', 'Brompton', 'Thule', 'Abus', 'Wilson', 'Babolat', 'Yonex', 'Spalding', 'Mizuno',
  'Orbea', 'Merida', 'POC', 'Lezyne', 'Topeak', 'Kryptonite', 'Schwalbe', 'Vittoria', 'Maxxis', 'Park Tool',
  'Wahoo', 'Rossignol', 'Burton', 'Nordica', 'Uvex', 'Speedo', 'Everlast', 'Bowflex', 'Concept2', 'Theragun',
  'VTech', 'LeapFrog', 'Bburago', 'Revell', 'Funko', 'Melissa & Doug', 'Janod', 'Djeco', 'Smoby', 'Little Tikes', 'BRIO',
  'Hape', 'Sylvanian Families', 'Tonies', 'Tamiya', 'Hornby', 'Märklin', 'Siku', 'Kosmos', 'Clementoni',
  'Crayola', 'Stabilo', 'Faber-Castell', 'Staedtler', 'Pelikan', 'Lamy', 'Moleskine', 'Leuchtturm1917',
  'Coleman', 'Black Diamond', 'Petzl', 'Lego', 'Playmobil', 'Mattel', 'Hasbro', 'Fisher-Price', 'Ravensburger',
  'Schleich', 'Hot Wheels', 'Barbie', 'Nerf', 'Chicco', 'Cybex', 'Maxi-Cosi', 'Britax', 'Bugaboo', 'Pampers',
  'Tommee Tippee', 'Philips Avent', 'Medela',
  // Vehicles' parts and care
  'Hankook', 'Nokian', 'Falken', 'Kumho', 'Vredestein', 'Uniroyal', 'Firestone', 'BFGoodrich', 'Motul',
  'Liqui Moly', 'WD-40', 'Meguiar\'s', 'Sonax', 'Turtle Wax',
  'Michelin', 'Pirelli', 'Bridgestone', 'Goodyear', 'Dunlop', 'Varta', 'Castrol',
  // Food and drink makers shops sell by name
  'Kellogg\'s', 'Heinz', 'Barilla', 'Knorr', 'Maggi', 'Nescafé', 'Jacobs', 'Dr. Oetker', 'Toblerone', 'Ritter Sport',
  'Cadbury', 'Hershey\'s', 'Pringles', 'Oreo', 'Nutella', 'Danone', 'Alpro', 'Oatly', 'Lipton', 'Twinings', 'Tetley',
  'Teekanne', 'Segafredo', 'Whiskas', 'Royal Canin', 'Purina', 'Johnnie Walker', 'Jameson', 'Absolut',
  'Smirnoff', 'Bacardi', 'Heineken', 'Guinness', 'Moët & Chandon', 'Veuve Clicquot', 'Hennessy', 'Chivas Regal',
  'Glenfiddich', 'Jägermeister', 'Aperol', 'Baileys',
  'Nestlé', 'Lindt', 'Haribo', 'Milka', 'Ferrero', 'Coca-Cola', 'Pepsi', 'Red Bull', 'Illy', 'Lavazza', 'Tassimo', 'Dolce Gusto',
];

/** Words a name of the list may take at most. */
const MAX_WORDS = 4;
const KNOWN: ReadonlySet<string> = new Set(MAKERS.map(compact));
/** Each known maker by its name compacted, as the list writes it. */
const BY_KEY: ReadonlyMap<string, string> = new Map(MAKERS.map((name) => [compact(name), name]));

/** Latin letters: a maker's name as shops of every script write it ("Samsung", "Black Diamond"). */
const LATIN = /[A-Za-z]/;
/**
 * Words for "for", "to", "with" and "under" in the scripts whose shops name an item's kind before its maker: an item
 * for another maker's product ("Чехол для Apple iPhone", "Θήκη για Samsung") is not of that maker's make.
 */
const FOR_WORDS = new Set(['для', 'под', 'к', 'ко', 'до', 'за', 'на', 'с', 'со', 'з', 'із', 'від', 'під', 'για', 'με', 'σε', 'съвместим', 'совместим', 'сумісний']);

/**
 * How many words of an item's kind in another script than the maker's open its name ("Кошки BLACK DIAMOND Cyborg",
 * "Смартфон Samsung Galaxy A54", "Κινητό Xiaomi Redmi"): up to three words of letters, none Latin, none a word for
 * "for". Zero where the name opens with Latin letters or digits, or with more.
 */
function kindWords(words: readonly string[]): number {
  const first = words.findIndex((word) => LATIN.test(word) || /\d/.test(word));
  if (first <= 0 || first > 3) return 0;
  const kind = words.slice(0, first);
  return kind.every((word) => /\p{L}/u.test(word) && !FOR_WORDS.has(word.toLowerCase())) ? first : 0;
}

/**
 * The known maker's name `name` begins with, as written there, with at least one word of the item after it; the
 * longest such name ("Logitech G" before "Logitech"). A name in a script other than Latin may name the item's kind
 * first ("Смартфон Samsung Galaxy A54"): the maker's name follows. Null where the name begins with none.
 */
export function leadingKnownMaker(name: string): string | null {
  const all = cleanText(name).split(/\s+/).filter(Boolean);
  const words = all.slice(kindWords(all));
  for (let n = Math.min(MAX_WORDS, words.length - 1); n >= 1; n--) {
    const lead = words
      .slice(0, n)
      .join(' ')
      .replace(/[®™©,:]+$/u, '');
    if (KNOWN.has(compact(lead))) return lead;
  }
  return null;
}

/** Labels of a host that name the part of a site, not whose it is ("shop.lego.com", "store.sony.co.th"). */
const SITE_PART = new Set(['www', 'shop', 'store', 'global', 'direct', 'en', 'us', 'uk', 'de', 'eu']);

/**
 * The known maker whose own site the page is on: a label of its host, before the domain's ending, that is the maker's
 * name ("apple.com", "shop.lego.com", "global.bose.com", "katespade.com"). Null elsewhere.
 */
export function hostMaker(page: Pick<Page, 'host'>): string | null {
  const labels = (page.host ?? '').split('.').filter((label) => label.length > 0 && !SITE_PART.has(label));
  // The last label is the domain's ending, and so is a country's after a generic one ("co.uk", "com.au").
  const named = labels.slice(0, /^(?:co|com|net|org)$/.test(labels.at(-2) ?? '') && labels.length > 2 ? -2 : -1);
  for (const label of named) {
    const maker = BY_KEY.get(compact(label));
    if (maker) return maker;
  }
  return null;
}

/** The known maker that the item's heading, else its og:title, else its title tag's first part, begins with. */
export function fromKnownMaker(page: Page): Evidence | null {
  for (const name of itemNamesFirstToLast(page)) {
    const brand = leadingKnownMaker(name);
    if (brand) return { brand };
  }
  return null;
}
