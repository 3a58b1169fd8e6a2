import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ingredientFacts } from './medicine-facts';

/**
 * Products sold under one name that contain several ingredients (combination-products.json), so the chat can see
 * that two medicines a person names share an ingredient. Checked when first read: every ingredient must be one
 * of the medicine facts' ingredients and every product must cite a declared source.
 */
const SourceSchema = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  publisher: z.string().min(1),
  url: z.url(),
});
const ProductSchema = z.object({
  names: z.array(z.string().regex(/^[a-z0-9][a-z0-9 -]*$/, 'must be lower case')).min(1),
  ingredients: z.array(z.string().min(1)).min(2),
  source: z.string().min(1),
});
export const CombinationProductsSchema = z.object({
  about: z.string().min(1),
  sources: z.array(SourceSchema).min(1),
  products: z.array(ProductSchema).min(1),
});
export type CombinationProducts = z.infer<typeof CombinationProductsSchema>;
export type CombinationProduct = CombinationProducts['products'][number] & { cited: z.infer<typeof SourceSchema> };

/** Parses the file and checks it against the medicine facts; throws naming the product and the rule. */
export function parseCombinationProducts(raw: unknown, knownIngredients: ReadonlySet<string>): CombinationProduct[] {
  const parsed = CombinationProductsSchema.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`combination-products.json: ${first.join('; ')}`);
  }
  const sources = new Map(parsed.data.sources.map((s) => [s.id, s]));
  return parsed.data.products.map((p) => {
    const cited = sources.get(p.source);
    if (!cited) throw new Error(`combination-products.json: ${p.names[0]}: source "${p.source}" is not declared`);
    const unknown = p.ingredients.filter((i) => !knownIngredients.has(i));
    if (unknown.length > 0)
      throw new Error(`combination-products.json: ${p.names[0]}: no medicine facts for ${unknown.join(', ')}`);
    return { ...p, cited };
  });
}

let cached: CombinationProduct[] | undefined;

export function combinationProducts(): CombinationProduct[] {
  cached ??= parseCombinationProducts(
    JSON.parse(readFileSync(new URL('./combination-products.json', import.meta.url), 'utf8')),
    new Set(ingredientFacts().map((f) => f.id)),
  );
  return cached;
}
