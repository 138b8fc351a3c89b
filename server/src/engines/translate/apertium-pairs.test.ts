import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { APERTIUM_PACKAGES } from './apertium.backend.js';
import { buildPairGraph, modesFromNames } from './apertium-pairs.js';

// The pair graph from mode names alone (no Apertium needed): which names count, and the routes.

const NAMES = [
  'eng-spa',
  'spa-eng',
  'spa-eng_US',
  'spa-cat',
  'spa-cat_valencia',
  'cat-spa',
  'es-pt',
  'es-pt_BR',
  'fr-es',
  'es-fr',
  'mkd-eng',
  'eng-hbs',
  'eng-hbs_SR',
  'eng-hbs_HR',
  'hbs-eng',
  'Cyrl-Latn',
  'eco-es-fr',
  'mkd-bul',
];

describe('Apertium pair graph', () => {
  const modes = modesFromNames(NAMES);
  const graph = buildPairGraph(modes);

  it('maps mode names to service codes, skipping regional variants and helper modes', () => {
    expect(graph.direct('en', 'es')?.name).toBe('eng-spa');
    expect(graph.direct('es', 'ca')?.name).toBe('spa-cat');
    expect(graph.direct('es', 'pt')?.name).toBe('es-pt');
    // The variant mode that names a language wins over the generic one.
    expect(graph.direct('en', 'sr')?.name).toBe('eng-hbs_SR');
    expect(graph.direct('en', 'hr')?.name).toBe('eng-hbs_HR');
    expect(graph.direct('en', 'bs')?.name).toBe('eng-hbs');
    // One source mode serves the three standards.
    expect(['sr', 'hr', 'bs'].map((s) => graph.direct(s, 'en')?.name)).toEqual([
      'hbs-eng',
      'hbs-eng',
      'hbs-eng',
    ]);
    expect(
      modes.some((m) => m.name.includes('valencia') || m.name.includes('_BR') || m.name.includes('_US')),
    ).toBe(false);
    expect(modes.some((m) => m.name === 'Cyrl-Latn' || m.name.startsWith('eco'))).toBe(false);
  });

  it('routes directly, or through English and Spanish only', () => {
    expect(graph.route('en', 'es')?.map((m) => m.name)).toEqual(['eng-spa']);
    expect(graph.route('en', 'fr')?.map((m) => m.name)).toEqual(['eng-spa', 'es-fr']);
    expect(graph.route('fr', 'en')?.map((m) => m.name)).toEqual(['fr-es', 'spa-eng']);
    expect(graph.route('mk', 'fr')?.map((m) => m.name)).toEqual(['mkd-eng', 'eng-spa', 'es-fr']);
    expect(graph.route('ca', 'sr')?.map((m) => m.name)).toEqual(['cat-spa', 'spa-eng', 'eng-hbs_SR']);
    expect(graph.route('pt', 'ca')).toBeUndefined();
    // mk→bg exists, but en→bg would pivot through Macedonian: not taken.
    expect(graph.route('en', 'bg')).toBeUndefined();
    expect(graph.route('en', 'en')).toEqual([]);
  });

  it('lists sources and the targets reachable from each', () => {
    expect(graph.sources()).toEqual(['bs', 'ca', 'en', 'es', 'fr', 'hr', 'mk', 'sr']);
    expect(graph.targetsFrom('en')).toEqual(['bs', 'ca', 'es', 'fr', 'hr', 'pt', 'sr']);
    expect(graph.targetsFrom('mk')).toEqual(['bg', 'bs', 'ca', 'en', 'es', 'fr', 'hr', 'pt', 'sr']);
    expect(graph.targets()).toContain('bg');
  });
});

describe('Apertium packages', () => {
  it('are the ones the setup installs (and so CI)', () => {
    const setup = readFileSync(new URL('../../../../scripts/debian-packages.txt', import.meta.url), 'utf8');
    const installed = new Set(setup.match(/\bapertium[\w-]*/g));
    expect(APERTIUM_PACKAGES.filter((p) => !installed.has(p))).toEqual([]);
  });
});
