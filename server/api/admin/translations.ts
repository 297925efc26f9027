// /api/admin/…: an item's translations in the content editor (server/content/translation-editing.ts),
// behind the content editor's own gate, with its revision rules and audit lines.
//
//   GET  /translations                               per language and type, the items to translate or review
//   GET  /content/:type/:id/translations             the item's state in each language
//   GET  /content/:type/:id/translations/:lang       { english, fields, translation }
//   PUT  /content/:type/:id/translations/:lang       { document, slug, baseRevision } (0 for a new one; 409 when it moved on)
//   POST /content/:type/:id/translations/:lang/review { baseRevision }: checked against the English of now
import type { Hono, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { AdminContext, AdminEnv } from '../../auth/guard.ts';
import { requireType } from '../../content/reading.ts';
import type { Actor } from '../../content/transaction.ts';
import { getTranslation, markReviewed, saveTranslation, translationOverview, translationStates } from '../../content/translation-editing.ts';
import { deps } from '../../http/deps.ts';
import { idParam, readBody } from './body.ts';

const saveSchema = z.object({ document: z.record(z.string(), z.unknown()), slug: z.string().max(200).nullable().optional(), baseRevision: z.number().int().min(0) });
const reviewSchema = z.object({ baseRevision: z.number().int().positive() });

export interface TranslationEditing {
  editor: MiddlewareHandler<AdminEnv>;
  actorOf: (c: AdminContext) => Actor;
  changed: () => Promise<void>;
}

export function translationRoutes(app: Hono<AdminEnv>, { editor, actorOf, changed }: TranslationEditing): void {
  app.get('/translations', editor, async (c) => c.json({ todo: await translationOverview(deps(c).db) }));

  app.get('/content/:type/:id/translations', editor, async (c) => {
    const type = requireType(c.req.param('type') ?? '');
    return c.json({ languages: await translationStates(deps(c).db, type, idParam(c, 'Item')) });
  });

  app.get('/content/:type/:id/translations/:lang', editor, async (c) => {
    const type = requireType(c.req.param('type') ?? '');
    return c.json(await getTranslation(deps(c).db, type, idParam(c, 'Item'), c.req.param('lang') ?? ''));
  });

  app.put('/content/:type/:id/translations/:lang', editor, async (c) => {
    const type = requireType(c.req.param('type') ?? '');
    const input = await readBody(c, saveSchema);
    const view = await saveTranslation(deps(c).db, type, idParam(c, 'Item'), c.req.param('lang') ?? '', input, actorOf(c));
    await changed();
    return c.json(view);
  });

  app.post('/content/:type/:id/translations/:lang/review', editor, async (c) => {
    const type = requireType(c.req.param('type') ?? '');
    const input = await readBody(c, reviewSchema);
    const view = await markReviewed(deps(c).db, type, idParam(c, 'Item'), c.req.param('lang') ?? '', input.baseRevision, actorOf(c));
    await changed();
    return c.json(view);
  });
}
