/** Bad arguments or an unusable input (a baseline, a base URL): exit 2 before or instead of a verdict. */
export class UsageError extends Error {}
