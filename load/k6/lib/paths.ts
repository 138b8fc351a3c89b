// Files of the repository the scripts read at init. k6 runs the bundles of scripts/build-k6.ts,
// load/dist/<script>.js, and in a bundle import.meta is the bundle's: paths are relative to
// load/dist/. Resolved at init, where k6 gives modules import.meta.resolve for sure.

/** A file:// URL, which k6's open() and k6/experimental/fs take as they are. */
const fromDist = (path: string): string => import.meta.resolve(path);

/** fixtures/audio/, with a trailing slash. */
export const AUDIO_DIR = fromDist('../../fixtures/audio/');
/** schemas/json/, with a trailing slash. */
export const SCHEMA_DIR = fromDist('../../schemas/json/');
/** schemas/proto/, with a trailing slash: Parley's .proto files, the default layout. */
export const PROTO_DIR = fromDist('../../schemas/proto/');
/** load/results/ as a plain path: handleSummary's file names are paths, not URLs. */
export const RESULTS_DIR = decodeURIComponent(fromDist('../results').replace(/^file:\/\//, ''));
