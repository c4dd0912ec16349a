import { addImportedCategory, renameCategory } from '../catalogue/catalogue-admin.service';
import { categoryKey, categoryName, checksum } from './legacy-rows';
import { count, DELETED_HERE, eachRow, note, skip, type Ctx } from './legacy-report';
import * as repo from './legacy.repository';

/** Category names (by key) to their ids here; ids of categories a dry run would create are -1. */
export type CategoryIds = Map<string, number>;

/** The original's Category rows: same names merge, renamed ones follow, the original ids are kept where free. */
export async function importCategories(ctx: Ctx): Promise<CategoryIds> {
  const rows = await ctx.source.categories();
  const kind = 'categories';
  const byKey: CategoryIds = new Map((await repo.categories(ctx.db)).map((c) => [c.type_key, c.id]));
  const known = await repo.mappings(ctx.db, 'category');
  const importedIds = new Set([...known.values()].map((m) => m.local_id));
  await eachRow(ctx, kind, rows, async (c) => {
    const name = categoryName(c.type);
    if (!name.ok) {
      skip(ctx, kind, c.id, name.reason);
      return;
    }
    const key = categoryKey(name.value);
    const sum = checksum(name.value);
    const mapped = known.get(String(c.id));
    if (mapped && ![...byKey.values()].includes(mapped.local_id)) {
      skip(ctx, kind, c.id, DELETED_HERE);
    } else if (mapped && mapped.checksum === sum) {
      count(ctx, kind, 'unchanged');
    } else if (mapped) {
      const other = byKey.get(key);
      if (other !== undefined && other !== mapped.local_id) {
        skip(ctx, kind, c.id, `it was renamed to "${name.value}", which another category here already has`);
        return;
      }
      if (!ctx.dryRun) {
        await renameCategory(ctx.db, mapped.local_id, name.value);
        await repo.saveMapping(ctx.db, 'category', c.id, mapped.local_id, sum);
      }
      for (const [k, id] of byKey) if (id === mapped.local_id) byKey.delete(k);
      byKey.set(key, mapped.local_id);
      count(ctx, kind, 'updated');
    } else {
      let id = byKey.get(key);
      if (id !== undefined) {
        note(
          ctx,
          kind,
          c.id,
          importedIds.has(id) ? `same name as another category of the original ("${name.value}"): merged` : `"${name.value}" already exists here: merged`,
        );
        if (!ctx.dryRun) await repo.saveMapping(ctx.db, 'category', c.id, id, sum);
      } else if (ctx.dryRun) {
        id = -1;
      } else {
        const keepId = !(await repo.idTaken(ctx.db, 'categories', c.id));
        id = await ctx.db.transaction().execute(async (trx) => {
          const created = await addImportedCategory(trx, { ...(keepId ? { id: c.id } : {}), type: name.value, type_key: key });
          await repo.saveMapping(trx, 'category', c.id, created, sum);
          return created;
        });
        if (!keepId) note(ctx, kind, c.id, `its ID was taken here; imported as ${id}`);
      }
      byKey.set(key, id);
      importedIds.add(id);
      count(ctx, kind, 'imported');
    }
  });
  return byKey;
}

/** The id of a product's category, created (and reported) when the original's category list lacks it. */
export async function categoryFor(ctx: Ctx, categories: CategoryIds, name: string, productId: number): Promise<number> {
  const key = categoryKey(name);
  const id = categories.get(key);
  if (id !== undefined) return id;
  note(ctx, 'products', productId, `its category "${name}" is not in the original's category list: created`);
  const created = ctx.dryRun ? -1 : await addImportedCategory(ctx.db, { type: name, type_key: key });
  categories.set(key, created);
  return created;
}
