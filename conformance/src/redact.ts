// Every secret the kit was given is replaced by a placeholder in every report, whatever field it
// ends up in (URLs, headers, bodies, messages).

export function redactor(secrets: Record<string, string | undefined>): (text: string) => string {
  const pairs = Object.entries(secrets)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].length >= 4)
    .sort((a, b) => b[1].length - a[1].length);
  return (text) => {
    let out = text;
    for (const [name, secret] of pairs) out = out.split(secret).join(`<${name}>`);
    return out;
  };
}

/** Redacts every string inside a JSON-able value. */
export function redactDeep<T>(value: T, redact: (text: string) => string): T {
  return JSON.parse(redact(JSON.stringify(value))) as T;
}
