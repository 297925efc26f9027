// Reply templates: words an owner keeps in the console's settings, which an agent picks in an
// enquiry's reply form to start the reply with. Placeholders in braces are filled for the enquiry
// and the agent: {name} the visitor, {safari} the safari they asked about, {agent} the agent
// replying. One schema for the settings form and the API; the fill is the same on either side.
// A template is written in one language (English unless it names another); the reply form offers
// the templates in the enquiry's language first.
import './zod-csp.ts';
import { z } from 'zod';
import { REPLY_BODY_MAX } from './enquiry-inbox.ts';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type Language } from './languages.ts';

z.config({ jitless: true });

export const REPLY_TEMPLATE_PLACEHOLDERS = {
  name: 'the visitor’s name',
  safari: 'the safari they asked about (“your safari” when none)',
  agent: 'your name',
} as const;
type Placeholder = keyof typeof REPLY_TEMPLATE_PLACEHOLDERS;

export const REPLY_TEMPLATES_MAX = 20;
export const REPLY_TEMPLATE_NAME_MAX = 80;

export interface ReplyTemplate {
  id: string;
  name: string;
  body: string;
  /** The language it is written in; absent: English. */
  language?: Language;
}

/** A template's language (absent: English). */
export const templateLanguage = (t: Pick<ReplyTemplate, 'language'>): Language => t.language ?? DEFAULT_LANGUAGE;

const PLACEHOLDER = /\{([a-zA-Z]+)\}/g;
const known = Object.keys(REPLY_TEMPLATE_PLACEHOLDERS).map((k) => `{${k}}`);

const templateSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/, 'This template could not be read. Reload the page and try again.'),
  name: z
    .string({ error: 'Give every template a name.' })
    .trim()
    .min(1, 'Give every template a name.')
    .max(REPLY_TEMPLATE_NAME_MAX, `A template’s name: at most ${REPLY_TEMPLATE_NAME_MAX} characters.`)
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), 'A template’s name is one line of text.'),
  body: z
    .string({ error: 'Write the words of every template.' })
    .trim()
    .min(1, 'Write the words of every template.')
    .max(REPLY_BODY_MAX, `A template: at most ${REPLY_BODY_MAX.toLocaleString('en-GB')} characters.`)
    .refine((v) => !v.includes('\u0000'), 'Write the words of every template.')
    .superRefine((v, ctx) => {
      const unknown = [...v.matchAll(PLACEHOLDER)].map((m) => m[0]).find((p) => !known.includes(p));
      if (unknown) ctx.addIssue({ code: 'custom', message: `${unknown} is not a placeholder: use ${known.join(', ')}.` });
    }),
  // English is kept as no language at all, so an English template reads as it always did.
  language: z
    .enum(LANGUAGE_CODES, { error: 'Choose the language of every template from the list.' })
    .optional()
    .transform((l) => (l === DEFAULT_LANGUAGE ? undefined : l)),
});

/** PUT /api/admin/settings/reply-templates: the whole list, in its order. */
export const replyTemplatesSchema = z.object({
  templates: z
    .array(templateSchema)
    .max(REPLY_TEMPLATES_MAX, `At most ${REPLY_TEMPLATES_MAX} templates.`)
    .refine((l) => new Set(l.map((t) => `${templateLanguage(t)} ${t.name.toLowerCase()}`)).size === l.length, 'Two templates have the same name: give each its own.'),
});

/** The templates for a reply to someone who wrote in `language`: those in that language first, then the others, each in the owners' order. */
export function templatesFor<T extends Pick<ReplyTemplate, 'language'>>(templates: readonly T[], language: Language): T[] {
  return [...templates.filter((t) => templateLanguage(t) === language), ...templates.filter((t) => templateLanguage(t) !== language)];
}

/** A template's words with its placeholders filled. */
export function fillReplyTemplate(body: string, values: Record<Placeholder, string>): string {
  return body.replace(PLACEHOLDER, (whole, key: string) => (Object.hasOwn(values, key) ? values[key as Placeholder] : whole));
}
