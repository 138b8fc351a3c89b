// An answer already in its JSON form. A service returns one where rendering to text can reuse work
// across requests (get-meetings, meeting-json-cache.ts); the route kit sends the text as it is.
// `T` is the shape the text holds, for readers and for type checks of the route that returns it.

export class JsonText<T> {
  declare readonly shape?: T;
  constructor(readonly text: string) {}
}
