import {
  PersonSchema,
  type CheckedMedicine,
  type MedicineEntry,
  type MyMedicinesResponse,
  type Person,
} from '@medibuddy/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { combinationProducts } from '../../content/combination-products';
import type { Db } from '../../db/client';
import { userMedicineProfiles, userMedicines } from '../../db/schema';
import { AppError } from '../../plugins/errors';
import type { ConsentCheck } from '../consent';
import { checkMedicines, strengthsOf } from './medicine-check';
import type { SafetyFacts } from './medicine-safety';
import { normaliseIngredient } from './ingredients';
import { createMedicinesRepository } from './medicines.repository';

export const MY_MEDICINES_MAX = 30;

export const MY_MEDICINES_CONSENT_MESSAGE =
  'Before we keep your medicines list, we need your consent to store health data in your account. ' +
  'Agree to it here (or on your health record page), then add the medicine again.';

/**
 * Reads what someone typed as a medicine: a catalogue product by its exact name, else one or more active
 * ingredients ("paracetamol 500 mg", "paracetamol + caffeine"), else a combination's generic name ("co-codamol",
 * combination-products.json), else unknown. Strengths come from the product's
 * composition or the text; `strengthMg` fills in the one ingredient the text gives no figure for.
 */
export function createMedicineResolver(db: Db, facts: SafetyFacts) {
  const repo = createMedicinesRepository(db);
  return async function resolve(entry: MedicineEntry): Promise<CheckedMedicine> {
    const name = entry.name.trim().replace(/\s+/g, ' ');
    const dosesPerDay = entry.dosesPerDay ?? null;
    const withStrength = (ingredients: string[], strengthsMg: Record<string, number>) => {
      const first = ingredients[0];
      if (entry.strengthMg !== undefined && first !== undefined && ingredients.length === 1)
        strengthsMg[first] = entry.strengthMg;
      return strengthsMg;
    };
    const product = await repo.findByName(name);
    if (product) {
      const ingredients = [...new Set(product.ingredients.map(normaliseIngredient))];
      return {
        name: product.name,
        resolvedAs: 'product',
        ingredients,
        strengthsMg: withStrength(ingredients, strengthsOf(product.composition, ingredients, normaliseIngredient)),
        dosesPerDay,
      };
    }
    const parts = name.split(/\s*(?:\+|,|\bwith\b|\band\b|&)\s*/i).filter(Boolean);
    const ingredients = parts.map((p) => normaliseIngredient(p.replace(/\d.*$/s, '')));
    if (ingredients.length > 0 && ingredients.every((i) => facts.ingredient(i) !== undefined)) {
      const unique = [...new Set(ingredients)];
      return {
        name,
        resolvedAs: 'ingredient',
        ingredients: unique,
        strengthsMg: withStrength(unique, strengthsOf(parts.join(' + '), unique, normaliseIngredient)),
        dosesPerDay,
      };
    }
    // A combination sold under one generic name ("co-codamol 30/500"): its ingredients, so a second paracetamol shows.
    const bare = name
      .toLowerCase()
      .replace(/\s*\d.*$/s, '')
      .trim();
    const combination = combinationProducts().find((p) => p.names.includes(bare));
    if (combination && combination.ingredients.every((i) => facts.ingredient(i) !== undefined)) {
      return {
        name,
        resolvedAs: 'ingredient',
        ingredients: [...combination.ingredients],
        strengthsMg: {},
        dosesPerDay,
      };
    }
    return { name, resolvedAs: 'unknown', ingredients: [], strengthsMg: {}, dosesPerDay };
  };
}

/**
 * "My medicines": the list a signed-in user keeps, checked again on every change. Storing needs the
 * health-data consent (409 consent_required otherwise); reading and removing never do.
 */
export function createMyMedicinesService({
  db,
  facts,
  consent,
}: {
  db: Db;
  facts: SafetyFacts;
  consent: ConsentCheck;
}) {
  const resolve = createMedicineResolver(db, facts);

  async function personOf(userId: string): Promise<Person | null> {
    const [row] = await db.select().from(userMedicineProfiles).where(eq(userMedicineProfiles.userId, userId)).limit(1);
    const parsed = row ? PersonSchema.safeParse(row.person) : null;
    return parsed?.success ? parsed.data : null;
  }

  async function list(userId: string): Promise<MyMedicinesResponse> {
    const rows = await db
      .select()
      .from(userMedicines)
      .where(eq(userMedicines.userId, userId))
      .orderBy(asc(userMedicines.createdAt));
    const person = await personOf(userId);
    const items = rows.map((r) => ({
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      name: r.name,
      resolvedAs:
        r.ingredients.length === 0
          ? ('unknown' as const)
          : r.medicineId
            ? ('product' as const)
            : ('ingredient' as const),
      ingredients: r.ingredients,
      strengthsMg: r.strengthsMg,
      dosesPerDay: r.dosesPerDay,
    }));
    const check = checkMedicines(
      items.map(({ id: _id, createdAt: _createdAt, ...m }) => m),
      person ?? undefined,
      facts,
    );
    return { items, person, check };
  }

  async function requireConsent(userId: string) {
    if (!(await consent.isGranted(userId))) throw new AppError('consent_required', MY_MEDICINES_CONSENT_MESSAGE);
  }

  return {
    list,

    async add(userId: string, entry: MedicineEntry): Promise<MyMedicinesResponse> {
      await requireConsent(userId);
      const existing = await db
        .select({ id: userMedicines.id })
        .from(userMedicines)
        .where(eq(userMedicines.userId, userId));
      if (existing.length >= MY_MEDICINES_MAX) {
        throw new AppError(
          'validation_failed',
          `Your list holds at most ${MY_MEDICINES_MAX} medicines. Remove one to add another.`,
          [{ field: 'name', rule: 'max_items', message: `the list holds at most ${MY_MEDICINES_MAX} medicines` }],
        );
      }
      const resolved = await resolve(entry);
      const product =
        resolved.resolvedAs === 'product' ? await createMedicinesRepository(db).findByName(resolved.name) : undefined;
      await db.insert(userMedicines).values({
        userId,
        name: resolved.name,
        medicineId: product?.id ?? null,
        ingredients: resolved.ingredients,
        strengthsMg: resolved.strengthsMg,
        dosesPerDay: resolved.dosesPerDay,
      });
      return list(userId);
    },

    async remove(userId: string, id: string): Promise<MyMedicinesResponse> {
      const deleted = await db
        .delete(userMedicines)
        .where(and(eq(userMedicines.id, id), eq(userMedicines.userId, userId)))
        .returning({ id: userMedicines.id });
      if (deleted.length === 0)
        throw new AppError('not_found', 'That medicine is not in your list. Reload the page to see your list.');
      return list(userId);
    },

    async setPerson(userId: string, person: Person | null): Promise<MyMedicinesResponse> {
      if (person === null) {
        await db.delete(userMedicineProfiles).where(eq(userMedicineProfiles.userId, userId));
      } else {
        await requireConsent(userId);
        await db
          .insert(userMedicineProfiles)
          .values({ userId, person })
          .onConflictDoUpdate({ target: userMedicineProfiles.userId, set: { person, updatedAt: new Date() } });
      }
      return list(userId);
    },
  };
}
export type MyMedicinesService = ReturnType<typeof createMyMedicinesService>;
