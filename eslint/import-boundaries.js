// @ts-check
import path from 'node:path';

/**
 * The guide's import boundaries as one small rule: a file inside a zone's `target` may not import
 * (by a relative path) anything inside the zone's `from`, unless it lies inside one of `except`
 * (relative to `from`). Same semantics as import-x/no-restricted-paths, without its native
 * resolver (whose platform packages our registry mirror does not carry, which breaks `npm ci`).
 *
 * @typedef {{ target: string, from: string | string[], except?: string[], message: string }} Zone
 */

const root = path.resolve(import.meta.dirname, '..');
const inside = (file, dir) => file === dir || file.startsWith(`${dir}${path.sep}`);
const withoutExtension = (file) => file.replace(/\.(tsx?|jsx?|mjs|cjs)$/, '');

/** @type {import('eslint').Rule.RuleModule} */
export const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforces the import boundaries of the house guide' },
    schema: [
      { type: 'object', properties: { zones: { type: 'array' } }, additionalProperties: false },
    ],
  },
  create(context) {
    /** @type {Zone[]} */
    const zones = context.options[0]?.zones ?? [];
    const file = context.filename;
    const applicable = zones.filter((zone) => inside(file, path.resolve(root, zone.target)));
    if (applicable.length === 0) return {};

    /** @param {import('estree').Node & { source?: import('estree').Expression | null }} node */
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      if (!source.value.startsWith('.')) return;
      const imported = withoutExtension(path.resolve(path.dirname(file), source.value));
      for (const zone of applicable) {
        const froms = (Array.isArray(zone.from) ? zone.from : [zone.from]).map((from) =>
          path.resolve(root, from),
        );
        for (const from of froms) {
          if (!inside(imported, from)) continue;
          const allowed = (zone.except ?? []).some((except) => {
            const exceptPath = withoutExtension(path.resolve(from, except));
            return inside(imported, exceptPath);
          });
          if (!allowed) context.report({ node: source, message: zone.message });
        }
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
