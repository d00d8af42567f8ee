// JSON request bodies: 1 MiB cap (Fastify answers 413 above it), at most MAX_JSON_DEPTH levels of nesting (a 400:
// issue 15 item 9) and prototype-poisoning protection from Fastify's default parser. An empty body with a JSON content type is read as "no body": spec §7 says every
// call sends a JSON content type, including body-less ones such as POST /api/vehicles/:id/mark-sold.
import fp from 'fastify-plugin';
import { jsonTextTooDeep, MAX_JSON_DEPTH } from '@domain/json-limits';
import { badRequest } from '../errors';

export const JSON_BODY_LIMIT = 1024 * 1024;

export const bodyPlugin = fp(async (app) => {
  const defaultParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: JSON_BODY_LIMIT }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    // bad_request, like malformed JSON: the parser refuses it before any schema sees it.
    if (jsonTextTooDeep(text)) return done(badRequest(`Invalid body: JSON is nested more than ${MAX_JSON_DEPTH} levels deep`, undefined, 'bad_request'), undefined);
    defaultParser(request, text, done);
  });
}, { name: 'body' });
