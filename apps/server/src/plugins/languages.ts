import { negotiateLocale, SOURCE_LOCALE, type Locale, type MessageValues } from '@flick/i18n';
import { loadTranslators, translateAnswer, type Translators } from '../lib/translators.ts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language the client reads (Accept-Language; the web app sends the one it speaks). */
    locale: Locale;
    /** A message in that language (an e-mail, a text built here); answers' messages are translated on their way out. */
    t: (message: string, values?: MessageValues) => string;
  }
}

interface MessageBody {
  message: string;
  errors?: Record<string, string[]>;
}
const isMessageBody = (payload: unknown): payload is MessageBody =>
  typeof payload === 'object' && payload !== null && typeof (payload as { message?: unknown }).message === 'string';

/**
 * Issue 32: the server speaks the reader's language. Services and the error handler keep writing their
 * messages in English (the contract's tables, the catalogues' ids); an answer's `message` and its
 * per-field `errors` are translated as the answer leaves, by the request's Accept-Language. A message
 * no catalogue has (text someone wrote) leaves as it is.
 */
export const languages = fp(async function languages(app: FastifyInstance, options: { translators?: Translators }) {
  const translators = options.translators ?? (await loadTranslators());
  const translate = (locale: Locale, message: string, values?: MessageValues) => translators.get(locale)!._(message, values);
  app.decorateRequest('locale', SOURCE_LOCALE);
  // Set per request, bound to it: services are handed `request.t` as a plain function (e-mails).
  app.decorateRequest('t', (message: string) => message);
  app.addHook('onRequest', async (request) => {
    const locale = negotiateLocale(request.headers['accept-language']);
    request.locale = locale;
    request.t = (message, values) => translate(locale, message, values);
  });
  // Every answer with a `message` (an error, or a confirmation such as "We sent you a link"); the rest
  // (data) is what people wrote, never translated.
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (!isMessageBody(payload)) return payload;
    const vary = reply.getHeader('vary');
    void reply.header('content-language', request.locale).header('vary', vary ? `${String(vary)}, Accept-Language` : 'Accept-Language');
    if (request.locale === SOURCE_LOCALE) return payload;
    const i18n = translators.get(request.locale)!;
    const errors =
      payload.errors && Object.fromEntries(Object.entries(payload.errors).map(([field, messages]) => [field, messages.map((message) => translateAnswer(i18n, message))]));
    return { ...payload, message: translateAnswer(i18n, payload.message), ...(errors ? { errors } : {}) };
  });
});
