// The shared constants and route catalog of schemas/, in one import for the server's modules.
export * from '@parley/schemas/constants';
export * from '@parley/schemas/route-spec';
export * from '@parley/schemas/routes';
export * from '@parley/schemas/server-routes';
