// The VIN decoder as the app holds it (server/services.ts, issue 31 §1): one decoder per app, on the app's data
// directory, shared by the routes that decode (the vin module's, the imports', the appraisal form's) and closed with
// the app (closeServices). It used to be a per-process map of decoders by directory in ./decoder.ts.
import path from 'node:path';
import type { Deps } from '../../deps';
import { createVinDecoder } from './decoder';

export function vinService(deps: Deps) {
  const decoder = createVinDecoder(path.join(deps.config.dataDir, 'cache'));
  return {
    /** For a module function that takes a decoder (imports' decodeVinList). */
    decoder,
    decode: (vin: string) => decoder.decode(vin),
    decodeMany: (vins: string[]) => decoder.decodeMany(vins),
    close: () => decoder.close(),
  };
}
