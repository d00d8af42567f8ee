// JSON request bodies: 1 MiB cap (Fastify answers 413 above it) and prototype-poisoning protection from
// Fastify's default parser. An empty body with a JSON content type is read as "no body": spec §7 says every
// call sends a JSON content type, including body-less ones such as POST /api/vehicles/:id/mark-sold.
import fp from 'fastify-plugin';

export const JSON_BODY_LIMIT = 1024 * 1024;

export const bodyPlugin = fp(async (app) => {
  const defaultParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: JSON_BODY_LIMIT }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    defaultParser(request, text, done);
  });
}, { name: 'body' });
