import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helper';
import { createNewsletterRepository } from '../modules/newsletter';
import type { Database } from './client';
import { withTransaction } from './transaction';

describe('withTransaction', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Database['db'];
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
  });
  afterAll(() => database.drop());

  it('keeps what a repository made from the transaction wrote, and answers what the work returned', async () => {
    const answer = await withTransaction(db, async (tx) => {
      const isNew = await createNewsletterRepository(tx).subscribe('kept@example.org');
      return { isNew };
    });
    expect(answer).toEqual({ isNew: true });
    expect(await createNewsletterRepository(db).unsubscribe('kept@example.org')).toBe(true);
  });

  it('undoes every write of the work when it throws, and passes the error on', async () => {
    await expect(
      withTransaction(db, async (tx) => {
        const repo = createNewsletterRepository(tx);
        await repo.subscribe('undone-1@example.org');
        await repo.subscribe('undone-2@example.org');
        throw new Error('stop here');
      }),
    ).rejects.toThrow('stop here');
    const repo = createNewsletterRepository(db);
    expect(await repo.unsubscribe('undone-1@example.org')).toBe(false);
    expect(await repo.unsubscribe('undone-2@example.org')).toBe(false);
  });
});
