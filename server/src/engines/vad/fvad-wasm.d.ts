// The package ships an Emscripten ES module factory and no type declarations.
declare module '@echogarden/fvad-wasm' {
  const createModule: (overrides?: Record<string, unknown>) => Promise<unknown>;
  export default createModule;
}
