/**
 * The sandbox's product catalogue: realistic warehouse goods whose SKUs order items, return
 * lines and stock levels all refer to. Built from static word lists with one small PRNG per
 * product (no faker), so 15,000 products (scale 100) take a few milliseconds.
 *
 * The SKU's first segment names the product family; perishability (whether the product is
 * stocked in batches with an expiry date) is a property of the family, so it can be read back
 * from any product without a side table.
 */
import { money, rngFor } from './seeded';
import type { CatalogProduct, DatasetOptions } from './types';

type Category = 'apparel' | 'shoes' | 'home' | 'cosmetics' | 'food' | 'supplements' | 'electronics';

interface Family {
  prefix: string;
  category: Category;
  nouns: readonly string[];
  /** Variant segments of the SKU: [code, label]; empty when the family has no variants. */
  colours: readonly (readonly [string, string])[];
  sizes: readonly string[];
  brands: readonly string[];
  price: readonly [number, number];
  weight: readonly [number, number];
  /** Shelf life in days for goods stocked in expiring batches; null when they do not expire. */
  shelfLifeDays: number | null;
  kit: boolean;
  /** Relative frequency in the catalogue. */
  weightInCatalog: number;
}

const COLOURS = [
  ['BLK', 'Black'],
  ['WHT', 'White'],
  ['BLU', 'Blue'],
  ['NVY', 'Navy'],
  ['GRY', 'Grey'],
  ['RED', 'Red'],
  ['GRN', 'Olive'],
  ['BEI', 'Beige'],
] as const;
const HOME_COLOURS = [
  ['WHT', 'White'],
  ['SND', 'Sand'],
  ['SLT', 'Slate'],
  ['TER', 'Terracotta'],
  ['SAG', 'Sage'],
] as const;
const TECH_COLOURS = [
  ['BLK', 'Black'],
  ['WHT', 'White'],
  ['GRY', 'Space Grey'],
] as const;
const LETTER_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
const SHOE_SIZES = ['37', '38', '39', '40', '41', '42', '43', '44', '45', '46'];

const APPAREL_BRANDS = ['Northwind Apparel', 'Fjordline', 'Urban Thread', 'Kestrel & Co'];
const SHOE_BRANDS = ['Stridewell', 'Fjordline', 'Trailmark'];
const HOME_BRANDS = ['Hearth & Loom', 'Casa Serena', 'Nordhem'];
const BEAUTY_BRANDS = ['Lumière Botanics', 'Pure Ritual', 'Dermacare Lab'];
const FOOD_BRANDS = ['Green Pantry', 'Alpine Roast', 'Harvest Mill'];
const SUPPLEMENT_BRANDS = ['VitalCore', 'Nutriva', 'Green Pantry'];
const TECH_BRANDS = ['Voltix', 'Plugwise', 'Soundcraft Mini'];

// One family per row reads as a table; the formatter would spread each over a dozen lines.
// biome-ignore format: table
const FAMILIES: readonly Family[] = [
  { prefix: 'TSH', category: 'apparel', nouns: ['Organic Cotton Tee', 'Essential Crew Tee', 'Pocket Tee'], colours: COLOURS, sizes: LETTER_SIZES, brands: APPAREL_BRANDS, price: [14, 39], weight: [0.15, 0.25], shelfLifeDays: null, kit: false, weightInCatalog: 10 },
  { prefix: 'HOD', category: 'apparel', nouns: ['Zip Hoodie', 'Fleece Hoodie', 'Heavyweight Hoodie'], colours: COLOURS, sizes: LETTER_SIZES, brands: APPAREL_BRANDS, price: [39, 89], weight: [0.45, 0.8], shelfLifeDays: null, kit: false, weightInCatalog: 6 },
  { prefix: 'JNS', category: 'apparel', nouns: ['Slim Jeans', 'Straight Jeans', 'Relaxed Chinos'], colours: COLOURS.slice(2, 5), sizes: ['28', '30', '32', '34', '36'], brands: APPAREL_BRANDS, price: [49, 119], weight: [0.55, 0.8], shelfLifeDays: null, kit: false, weightInCatalog: 5 },
  { prefix: 'SCK', category: 'apparel', nouns: ['Merino Socks 3-Pack', 'Sport Socks 5-Pack'], colours: COLOURS.slice(0, 4), sizes: ['35-38', '39-42', '43-46'], brands: APPAREL_BRANDS, price: [9, 24], weight: [0.08, 0.2], shelfLifeDays: null, kit: false, weightInCatalog: 4 },
  { prefix: 'SNK', category: 'shoes', nouns: ['Canvas Sneaker', 'Running Shoe', 'Court Sneaker'], colours: COLOURS.slice(0, 5), sizes: SHOE_SIZES, brands: SHOE_BRANDS, price: [59, 149], weight: [0.7, 1.2], shelfLifeDays: null, kit: false, weightInCatalog: 6 },
  { prefix: 'BOT', category: 'shoes', nouns: ['Chelsea Boot', 'Hiking Boot'], colours: [['BLK', 'Black'], ['BRN', 'Brown']], sizes: SHOE_SIZES, brands: SHOE_BRANDS, price: [89, 219], weight: [1.1, 1.8], shelfLifeDays: null, kit: false, weightInCatalog: 3 },
  { prefix: 'MUG', category: 'home', nouns: ['Stoneware Mug', 'Travel Mug', 'Espresso Cup Set'], colours: HOME_COLOURS, sizes: [], brands: HOME_BRANDS, price: [9, 34], weight: [0.3, 0.7], shelfLifeDays: null, kit: false, weightInCatalog: 5 },
  { prefix: 'TWL', category: 'home', nouns: ['Bath Towel', 'Hand Towel Set', 'Linen Tea Towel'], colours: HOME_COLOURS, sizes: [], brands: HOME_BRANDS, price: [12, 49], weight: [0.2, 0.9], shelfLifeDays: null, kit: false, weightInCatalog: 4 },
  { prefix: 'CND', category: 'home', nouns: ['Soy Candle', 'Reed Diffuser'], colours: HOME_COLOURS, sizes: [], brands: HOME_BRANDS, price: [16, 42], weight: [0.3, 0.6], shelfLifeDays: null, kit: false, weightInCatalog: 3 },
  { prefix: 'PIL', category: 'home', nouns: ['Cushion Cover', 'Down Pillow', 'Throw Blanket'], colours: HOME_COLOURS, sizes: [], brands: HOME_BRANDS, price: [19, 99], weight: [0.3, 1.6], shelfLifeDays: null, kit: false, weightInCatalog: 3 },
  { prefix: 'SRM', category: 'cosmetics', nouns: ['Vitamin C Serum 30 ml', 'Hyaluronic Serum 30 ml', 'Retinol Night Serum 30 ml'], colours: [], sizes: [], brands: BEAUTY_BRANDS, price: [18, 59], weight: [0.08, 0.15], shelfLifeDays: 540, kit: false, weightInCatalog: 4 },
  { prefix: 'SPF', category: 'cosmetics', nouns: ['Sunscreen SPF 50 100 ml', 'Tinted Sunscreen SPF 30 50 ml'], colours: [], sizes: [], brands: BEAUTY_BRANDS, price: [14, 32], weight: [0.1, 0.18], shelfLifeDays: 365, kit: false, weightInCatalog: 2 },
  { prefix: 'LIP', category: 'cosmetics', nouns: ['Tinted Lip Balm', 'Matte Lipstick'], colours: [['RSE', 'Rose'], ['NUD', 'Nude'], ['BRY', 'Berry']], sizes: [], brands: BEAUTY_BRANDS, price: [7, 26], weight: [0.02, 0.05], shelfLifeDays: null, kit: false, weightInCatalog: 3 },
  { prefix: 'SHP', category: 'cosmetics', nouns: ['Shampoo 250 ml', 'Conditioner 250 ml', 'Hand Cream 75 ml'], colours: [], sizes: [], brands: BEAUTY_BRANDS, price: [8, 24], weight: [0.1, 0.3], shelfLifeDays: null, kit: false, weightInCatalog: 3 },
  { prefix: 'COF', category: 'food', nouns: ['Whole Bean Coffee 1 kg', 'Ground Coffee 250 g', 'Espresso Pods 30-Pack'], colours: [], sizes: [], brands: FOOD_BRANDS, price: [8, 32], weight: [0.27, 1.05], shelfLifeDays: 270, kit: false, weightInCatalog: 4 },
  { prefix: 'TEA', category: 'food', nouns: ['Green Tea 50 Bags', 'Rooibos Loose Leaf 100 g', 'Chai Blend 200 g'], colours: [], sizes: [], brands: FOOD_BRANDS, price: [5, 18], weight: [0.1, 0.25], shelfLifeDays: 540, kit: false, weightInCatalog: 3 },
  { prefix: 'BAR', category: 'food', nouns: ['Protein Bar Box 12×60 g', 'Oat Bar Box 24×40 g'], colours: [], sizes: [], brands: FOOD_BRANDS, price: [14, 34], weight: [0.75, 1.0], shelfLifeDays: 180, kit: false, weightInCatalog: 3 },
  { prefix: 'VIT', category: 'supplements', nouns: ['Vitamin D3 90 Caps', 'Magnesium 120 Tabs', 'Omega-3 60 Softgels', 'Multivitamin 60 Tabs'], colours: [], sizes: [], brands: SUPPLEMENT_BRANDS, price: [9, 29], weight: [0.08, 0.2], shelfLifeDays: 730, kit: false, weightInCatalog: 4 },
  { prefix: 'PRO', category: 'supplements', nouns: ['Whey Protein 1 kg', 'Vegan Protein 750 g', 'Collagen Powder 300 g'], colours: [], sizes: [], brands: SUPPLEMENT_BRANDS, price: [24, 59], weight: [0.35, 1.1], shelfLifeDays: 450, kit: false, weightInCatalog: 3 },
  { prefix: 'CBL', category: 'electronics', nouns: ['USB-C Cable 1 m', 'USB-C Cable 2 m', 'Lightning Cable 1 m'], colours: TECH_COLOURS, sizes: [], brands: TECH_BRANDS, price: [8, 24], weight: [0.04, 0.09], shelfLifeDays: null, kit: false, weightInCatalog: 4 },
  { prefix: 'CHG', category: 'electronics', nouns: ['65 W GaN Charger', '20 W Wall Charger', 'Wireless Charging Pad'], colours: TECH_COLOURS, sizes: [], brands: TECH_BRANDS, price: [15, 59], weight: [0.08, 0.25], shelfLifeDays: null, kit: false, weightInCatalog: 3 },
  { prefix: 'CAS', category: 'electronics', nouns: ['Phone Case', 'Tablet Sleeve', 'Laptop Sleeve 14"'], colours: TECH_COLOURS, sizes: [], brands: TECH_BRANDS, price: [12, 45], weight: [0.05, 0.35], shelfLifeDays: null, kit: false, weightInCatalog: 3 },
  { prefix: 'EAR', category: 'electronics', nouns: ['Wireless Earbuds', 'Over-Ear Headphones'], colours: TECH_COLOURS, sizes: [], brands: TECH_BRANDS, price: [39, 179], weight: [0.1, 0.35], shelfLifeDays: null, kit: false, weightInCatalog: 2 },
  { prefix: 'KIT', category: 'cosmetics', nouns: ['Skincare Discovery Kit', 'Travel Beauty Set'], colours: [], sizes: [], brands: BEAUTY_BRANDS, price: [29, 79], weight: [0.3, 0.6], shelfLifeDays: 365, kit: true, weightInCatalog: 1 },
  { prefix: 'GFT', category: 'food', nouns: ['Coffee Lover Gift Box', 'Tea Tasting Gift Box'], colours: [], sizes: [], brands: FOOD_BRANDS, price: [29, 69], weight: [0.6, 1.4], shelfLifeDays: 240, kit: true, weightInCatalog: 1 },
  { prefix: 'BND', category: 'home', nouns: ['Bath Bundle', 'Cosy Evening Bundle'], colours: [], sizes: [], brands: HOME_BRANDS, price: [39, 99], weight: [0.8, 2.2], shelfLifeDays: null, kit: true, weightInCatalog: 1 },
];

const BY_PREFIX: ReadonlyMap<string, Family> = new Map(FAMILIES.map((f) => [f.prefix, f]));
const FAMILY_WEIGHTS = FAMILIES.map((f) => [f, f.weightInCatalog] as const);

/** Vendors (the suppliers the warehouse buys from), by category. */
const VENDORS: Record<Category, readonly string[]> = {
  apparel: ['Baltic Garment Works Sp. z o.o.', 'Porto Textiles Lda', 'Northwind Apparel Ltd'],
  shoes: ['Stridewell Footwear GmbH', 'Alicante Shoe Factory S.L.'],
  home: ['Nordhem Interiors AB', 'Casa Serena S.r.l.', 'Hearth & Loom Ltd'],
  cosmetics: ['Lumière Cosmétiques SAS', 'Dermacare Lab B.V.'],
  food: ['Alpine Roasters AG', 'Green Pantry Foods Ltd'],
  supplements: ['Nutriva Health GmbH', 'VitalCore Nutrition Inc.'],
  electronics: ['Voltix Electronics Co.', 'Shenzhen Plugwise Trading Ltd'],
};

/** GS1 company prefixes of a few countries, so GTINs look like they come from real registrations. */
const GS1_PREFIXES = [
  '400',
  '401',
  '426',
  '500',
  '501',
  '871',
  '872',
  '300',
  '376',
  '590',
  '730',
  '080',
];

/** EAN-13 check digit of 12 digits. */
export function ean13CheckDigit(body12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/** Number of products at a scale: 150 at scale 1, at least 30. */
export function catalogSize(scale: number): number {
  return Math.max(30, Math.round(150 * scale));
}

export function buildCatalog(opts: DatasetOptions): CatalogProduct[] {
  const count = catalogSize(opts.scale);
  const products: CatalogProduct[] = new Array(count);
  for (let id = 1; id <= count; id++) products[id - 1] = buildProduct(opts.seed, id);
  return products;
}

function buildProduct(seed: number, id: number): CatalogProduct {
  const rng = rngFor(seed, 'catalog', id);
  const family = rng.weighted(FAMILY_WEIGHTS);
  const noun = rng.pick(family.nouns);
  const colour = family.colours.length > 0 ? rng.pick(family.colours) : null;
  const size = family.sizes.length > 0 ? rng.pick(family.sizes) : null;
  // The id suffix keeps SKUs unique however many products share a family and variant.
  const sku = [family.prefix, colour?.[0], size, String(id).padStart(4, '0')]
    .filter((part) => part !== undefined && part !== null)
    .join('-');
  const variant = [colour?.[1], size].filter(Boolean).join(' / ');
  const brand = rng.chance(0.08) ? null : rng.pick(family.brands);
  const [minPrice, maxPrice] = family.price;
  // Shop-style prices: whole units ending in .99, .95 or .00.
  const cents = rng.pick([0.99, 0.95, 0.0, 0.5]);
  const price = Math.floor(minPrice + rng.next() * (maxPrice - minPrice)) + cents;
  const [minWeight, maxWeight] = family.weight;
  const weight = Math.round((minWeight + rng.next() * (maxWeight - minWeight)) * 1000) / 1000;
  return {
    id,
    sku,
    gtin: rng.chance(0.1) ? null : gtinFor(rng.pick(GS1_PREFIXES), rng.int(0, 9999), id),
    name: variant ? `${noun} — ${variant}` : noun,
    brand,
    vendor: rng.pick(VENDORS[family.category]),
    is_kit: family.kit,
    // A path the sandbox serves (routes/media.ts), made absolute with the request's origin.
    image: rng.chance(0.07) ? '' : productImagePath(sku),
    unit_price: money(price),
    weight_kg: weight,
  };
}

/** Where the sandbox serves a product's picture (a PNG; documents/product-image.ts). */
export function productImagePath(sku: string): string {
  return `/media/products/${encodeURIComponent(sku)}.png`;
}

/** 3-digit GS1 prefix + 4-digit company + 5-digit item (the id: unique) + check digit. */
function gtinFor(prefix: string, company: number, id: number): string {
  const body = `${prefix}${String(company).padStart(4, '0')}${String(id % 100_000).padStart(5, '0')}`;
  return `${body}${ean13CheckDigit(body)}`;
}

function familyOf(product: Pick<CatalogProduct, 'sku'>): Family | undefined {
  return BY_PREFIX.get(product.sku.slice(0, 3));
}

/** The product's category (apparel, shoes, home, cosmetics, food, supplements, electronics). */
export function productCategory(product: Pick<CatalogProduct, 'sku'>): Category | undefined {
  return familyOf(product)?.category;
}

/** Shelf life in days of goods stocked in expiring batches; null for goods that do not expire. */
export function shelfLifeDays(product: Pick<CatalogProduct, 'sku'>): number | null {
  return familyOf(product)?.shelfLifeDays ?? null;
}

/** Whether the product is stocked in batches with an expiry date (food, supplements, some cosmetics). */
export function isPerishable(product: Pick<CatalogProduct, 'sku'>): boolean {
  return shelfLifeDays(product) !== null;
}

/** The catalogue indexed by SKU, for order items and return lines that carry only a SKU. */
export function catalogBySku(catalog: readonly CatalogProduct[]): Map<string, CatalogProduct> {
  return new Map(catalog.map((p) => [p.sku, p]));
}
