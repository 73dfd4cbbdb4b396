// ESLint rule `layers/allowed-imports`: every import of a file in a layer must be on that layer's
// allow-list (the table is in eslint.config.js). Anything not listed is refused, so a new package
// or a new cross-layer edge is a deliberate change to the table, not a hole in a deny-list.
//
// Checked: `import … from`, `import type`, side-effect imports, dynamic `import()`, `export … from`,
// `export * from` and `require()`. A dynamic import or require whose target is computed cannot be
// checked and is refused.
import { builtinModules } from 'node:module';
import path from 'node:path';

const builtins = new Set(builtinModules.filter((m) => !m.startsWith('_')));

/** What an import specifier points at: a repository file, a Node built-in, or an npm package. */
export function classify(specifier, fromFile, root) {
  const bare = specifier.split('?')[0];
  if (bare.startsWith('.') || bare.startsWith('/')) {
    const absolute = path.resolve(path.dirname(fromFile), bare);
    return { kind: 'file', file: withoutExtension(toPosix(path.relative(root, absolute))) };
  }
  if (bare.startsWith('node:') || builtins.has(bare.split('/')[0])) return { kind: 'builtin', name: bare };
  const parts = bare.split('/');
  return { kind: 'package', name: bare.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0] };
}

/** The layer a repository file belongs to: the one with the longest matching folder. */
export function layerOf(file, layers) {
  let best;
  for (const [name, layer] of Object.entries(layers)) {
    for (const folder of layer.folders) {
      if (file.startsWith(folder) && (!best || folder.length > best.folder.length)) best = { name, folder };
    }
  }
  return best?.name;
}

function toPosix(p) {
  return p.split(path.sep).join('/');
}

function withoutExtension(file) {
  return file.replace(/\.(c|m)?(t|j)s$/, '');
}

function refusal(target, layerName, layers, allow) {
  if (target.kind === 'builtin') {
    return allow.nodeBuiltins
      ? undefined
      : `${layerName} runs without Node: it may not import the built-in '${target.name}'.`;
  }
  if (target.kind === 'package') {
    return allow.packages.includes(target.name)
      ? undefined
      : `${layerName} may not import the package '${target.name}' (allowed: ${allow.packages.join(', ') || 'none'}).`;
  }
  const targetLayer = layerOf(target.file, layers);
  if (targetLayer && allow.layers.includes(targetLayer)) return undefined;
  if (allow.files.some((f) => withoutExtension(f) === target.file)) return undefined;
  const what = targetLayer ?? target.file;
  return `${layerName} may not import ${what} (allowed: ${[...allow.layers, ...allow.files].join(', ')}).`;
}

/** The allow-list of a layer, with its empty entries filled in. */
function allowOf(layer) {
  return {
    layers: layer.may.layers ?? [],
    files: layer.may.files ?? [],
    packages: layer.may.packages ?? [],
    nodeBuiltins: Boolean(layer.may.nodeBuiltins),
  };
}

/** The rule, bound to the layer table and the repository root. */
export function allowedImportsRule(layers, root) {
  return {
    meta: {
      type: 'problem',
      docs: { description: 'Each layer imports only what its allow-list names.' },
      schema: [],
    },
    create(context) {
      const file = toPosix(path.relative(root, context.filename));
      const layerName = layerOf(file, layers);
      if (!layerName) return {};
      const allow = allowOf(layers[layerName]);

      function check(node, source) {
        if (!source) return;
        const literal =
          source.type === 'Literal' && typeof source.value === 'string'
            ? source.value
            : source.type === 'TemplateLiteral' && source.expressions.length === 0
              ? source.quasis[0].value.cooked
              : undefined;
        if (literal === undefined) {
          context.report({
            node,
            message: `${layerName}: a computed import target cannot be checked against the layer rules.`,
          });
          return;
        }
        const message = refusal(classify(literal, context.filename, root), layerName, layers, allow);
        if (message) context.report({ node, message });
      }

      return {
        ImportDeclaration: (node) => check(node, node.source),
        ExportNamedDeclaration: (node) => check(node, node.source),
        ExportAllDeclaration: (node) => check(node, node.source),
        ImportExpression: (node) => check(node, node.source),
        TSImportEqualsDeclaration: (node) => {
          if (node.moduleReference.type === 'TSExternalModuleReference')
            check(node, node.moduleReference.expression);
        },
        CallExpression: (node) => {
          if (node.callee.type === 'Identifier' && node.callee.name === 'require')
            check(node, node.arguments[0] ?? null);
        },
      };
    },
  };
}
