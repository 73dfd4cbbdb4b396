// ESLint rule `layers/allowed-imports`: every import of a file in a layer must be on that layer's
// allow-list (the table is in eslint.config.js). Anything not listed is refused, so a new package
// or a new cross-layer edge is a deliberate change to the table, not a hole in a deny-list. A source
// file in no layer is refused too, unless its folder is listed as tooling (tests, scripts, configs):
// a new folder of application code must first be given a layer.
//
// Checked: `import … from`, `import type`, side-effect imports, dynamic `import()`, `export … from`,
// `export * from`, `require()` and `require.resolve()`, including a require made by `createRequire`
// or passed through a variable (`const r = require; r('x')`), `import.meta.resolve()`, and the file
// a `new URL('…', import.meta.url)` points at (how a worker or an asset beside the code is loaded).
// A target that is computed cannot be checked and is refused; so is a require, or a createRequire,
// used in any other way (stored in an object, passed to a function), where it could not be followed,
// and a worker started from anything but such a URL.
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

/** Whether a file is tooling: under a listed folder (`test/`), or a listed file (`*` within a name). */
export function isTooling(file, tooling) {
  return tooling.some((entry) =>
    entry.endsWith('/')
      ? file.startsWith(entry)
      : new RegExp(`^${entry.split('*').map(escapeRegExp).join('[^/]*')}$`).test(file),
  );
}

function escapeRegExp(text) {
  return text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
}

/** The literal text of a specifier, or undefined when it is computed. */
function literalOf(source) {
  if (source.type === 'Literal' && typeof source.value === 'string') return source.value;
  if (source.type === 'TemplateLiteral' && source.expressions.length === 0)
    return source.quasis[0].value.cooked;
  return undefined;
}

function isImportMetaUrl(node) {
  return (
    node?.type === 'MemberExpression' &&
    node.object.type === 'MetaProperty' &&
    node.object.meta.name === 'import' &&
    !node.computed &&
    node.property.name === 'url'
  );
}

function memberName(node) {
  if (!node.computed && node.property.type === 'Identifier') return node.property.name;
  return node.property.type === 'Literal' ? String(node.property.value) : undefined;
}

/** `URL` of `new URL(…)` or of `new globalThis.URL(…)`. */
function calleeName(node) {
  if (node.type === 'Identifier') return node.name;
  return node.type === 'MemberExpression' ? memberName(node) : undefined;
}

/** Whether a value passes through its parent unchanged: `(r as X)`, `r!`, `a ?? r`, `c ? r : s`. */
function passesThrough(node) {
  const parent = node.parent;
  if (!parent || !PASS_THROUGH.has(parent.type)) return false;
  if (parent.type === 'ConditionalExpression') return parent.test !== node;
  if (parent.type === 'SequenceExpression') return parent.expressions.at(-1) === node;
  return true;
}

const GLOBAL_OBJECTS = new Set(['globalThis', 'global', 'window', 'self']);
const NODE_MODULE = new Set(['module', 'node:module']);
const PASS_THROUGH = new Set([
  'ChainExpression',
  'TSAsExpression',
  'TSNonNullExpression',
  'TSSatisfiesExpression',
  'TSTypeAssertion',
  'LogicalExpression',
  'ConditionalExpression',
  'SequenceExpression',
]);

/**
 * The rule, bound to the layer table, the repository root and the tooling list (folders and files
 * in no layer that are not application code).
 */
export function allowedImportsRule(layers, root, tooling = []) {
  return {
    meta: {
      type: 'problem',
      docs: { description: 'Each layer imports only what its allow-list names.' },
      schema: [],
    },
    create(context) {
      const file = toPosix(path.relative(root, context.filename));
      if (file.startsWith('../') || path.isAbsolute(file)) return {};
      const layerName = layerOf(file, layers);
      if (!layerName) {
        if (isTooling(file, tooling)) return {};
        return {
          Program: (node) =>
            context.report({
              node,
              message: `${file} is in no layer: give its folder a layer (or list it as tooling) in eslint.config.js.`,
            }),
        };
      }
      const allow = allowOf(layers[layerName]);
      const sourceCode = context.sourceCode;

      function check(node, source, { relativeFile = false } = {}) {
        if (!source) return;
        let literal = literalOf(source);
        if (literal === undefined) {
          context.report({
            node,
            message: `${layerName}: a computed import target cannot be checked against the layer rules.`,
          });
          return;
        }
        if (relativeFile) {
          // A URL's target: a file beside this one unless it names a scheme (data:, https:).
          if (/^[a-z][a-z0-9+.-]*:/i.test(literal)) return;
          if (!literal.startsWith('.') && !literal.startsWith('/')) literal = `./${literal}`;
        }
        const message = refusal(classify(literal, context.filename, root), layerName, layers, allow);
        if (message) context.report({ node, message });
      }

      function unfollowed(node, what) {
        context.report({
          node,
          message: `${layerName}: ${what} used as a value cannot be checked against the layer rules; call it with a literal module name.`,
        });
      }

      /** The read references of the variable a declarator or an import binds. */
      function readsOf(declaration) {
        return sourceCode
          .getDeclaredVariables(declaration)
          .flatMap((variable) => variable.references)
          .filter((reference) => reference.isRead())
          .map((reference) => reference.identifier);
      }

      /**
       * Follows every `require` (global, from createRequire, or an alias of either) and every
       * createRequire to where it is used: a call is checked, anything else is refused.
       */
      function followRequires(seeds) {
        const seen = new Set();
        const work = [...seeds];
        while (work.length > 0) {
          const { node: start, kind } = work.pop();
          if (seen.has(start)) continue;
          seen.add(start);
          let node = start;
          while (passesThrough(node)) node = node.parent;
          const parent = node.parent;
          const what = kind === 'require' ? 'require' : 'createRequire';
          if (parent.type === 'CallExpression' && parent.callee === node) {
            if (kind === 'require') check(parent, parent.arguments[0] ?? null);
            else work.push({ node: parent, kind: 'require' });
          } else if (parent.type === 'MemberExpression' && parent.object === node) {
            const call = parent.parent;
            if (
              kind === 'require' &&
              memberName(parent) === 'resolve' &&
              call.type === 'CallExpression' &&
              call.callee === parent
            )
              check(call, call.arguments[0] ?? null);
            else unfollowed(parent, what);
          } else if (
            parent.type === 'VariableDeclarator' &&
            parent.init === node &&
            parent.id.type === 'Identifier'
          ) {
            for (const identifier of readsOf(parent)) work.push({ node: identifier, kind });
          } else if (
            parent.type === 'AssignmentExpression' &&
            parent.right === node &&
            parent.operator === '=' &&
            parent.left.type === 'Identifier'
          ) {
            const variable = sourceCode
              .getScope(parent)
              .references.find((reference) => reference.identifier === parent.left)?.resolved;
            if (!variable) unfollowed(parent, what);
            else
              for (const reference of variable.references)
                if (reference.isRead()) work.push({ node: reference.identifier, kind });
          } else {
            unfollowed(node, what);
          }
        }
      }

      const seeds = [];
      const workers = [];
      return {
        ImportDeclaration(node) {
          check(node, node.source);
          if (!NODE_MODULE.has(node.source.value)) return;
          for (const specifier of node.specifiers) {
            if (specifier.type === 'ImportSpecifier' && specifier.imported.name === 'createRequire')
              for (const identifier of readsOf(specifier)) seeds.push({ node: identifier, kind: 'factory' });
          }
        },
        ExportNamedDeclaration: (node) => check(node, node.source),
        ExportAllDeclaration: (node) => check(node, node.source),
        ImportExpression: (node) => check(node, node.source),
        TSImportEqualsDeclaration: (node) => {
          if (node.moduleReference.type === 'TSExternalModuleReference')
            check(node, node.moduleReference.expression);
        },
        MemberExpression(node) {
          const name = memberName(node);
          if (name === 'createRequire') seeds.push({ node, kind: 'factory' });
          if (name === 'require' && node.object.type === 'Identifier' && GLOBAL_OBJECTS.has(node.object.name))
            seeds.push({ node, kind: 'require' });
          if (
            name === 'resolve' &&
            node.object.type === 'MetaProperty' &&
            node.parent.type === 'CallExpression' &&
            node.parent.callee === node
          )
            check(node.parent, node.parent.arguments[0] ?? null);
        },
        Property(node) {
          // `const { createRequire } = await import('node:module')`, `const { require } = globalThis`
          if (node.parent.type !== 'ObjectPattern' || node.value.type !== 'Identifier') return;
          const key = node.computed ? literalOf(node.key) : (node.key.name ?? node.key.value);
          if (key !== 'require' && key !== 'createRequire') return;
          const variable = sourceCode.getScope(node).set.get(node.value.name);
          for (const reference of variable?.references ?? [])
            if (reference.isRead())
              seeds.push({ node: reference.identifier, kind: key === 'require' ? 'require' : 'factory' });
        },
        NewExpression(node) {
          const callee = calleeName(node.callee);
          if (
            callee === 'URL' &&
            isImportMetaUrl(node.arguments[1]) &&
            literalOf(node.arguments[0]) !== undefined
          )
            check(node, node.arguments[0], { relativeFile: true });
          if (callee === 'Worker' || callee === 'SharedWorker') workers.push(node);
        },
        'Program:exit'(program) {
          const globalScope = sourceCode.getScope(program);
          const global = globalScope.set.get('require');
          for (const reference of [...(global?.references ?? []), ...globalScope.through])
            if (reference.identifier.name === 'require')
              seeds.push({ node: reference.identifier, kind: 'require' });
          followRequires(seeds);
          // A worker runs the module it is given: only a literal target beside the code can be checked.
          for (const worker of workers) {
            const target = worker.arguments[0];
            const url =
              target?.type === 'NewExpression' &&
              calleeName(target.callee) === 'URL' &&
              isImportMetaUrl(target.arguments[1]);
            if (url) {
              if (literalOf(target.arguments[0]) === undefined) check(worker, target.arguments[0]);
            } else if (target && literalOf(target) !== undefined) {
              check(worker, target, { relativeFile: true });
            } else {
              context.report({
                node: worker,
                message: `${layerName}: a worker's module must be named as new URL('<literal>', import.meta.url), so its target can be checked against the layer rules.`,
              });
            }
          }
        },
      };
    },
  };
}
