// ESLint rule `jobs/one-deleter`: jobs are deleted by one module only (the files eslint.config.js
// switches this rule off for). It judges by type, with typescript-eslint's type information, not by
// the names of variables: however a job store is named or reached, a deleting method of the class
// named `className` may not be called, taken or destructured; and a job store may not be handed on
// as, or cast to, another type, where its type could no longer be followed. SQL that deletes from
// the jobs table, or from the cases table (its jobs go with a case), is refused too.
import ts from 'typescript';

/** Methods whose name says they take rows away. */
const DELETING = /^(remove|delete|clear|purge|drop|discard|destroy|prune|truncate|evict)/i;
/** SQL that deletes job rows: from the jobs table, or from cases, whose jobs go with them (ON DELETE CASCADE). */
const DELETING_SQL = /\b(delete\s+from|drop\s+table(\s+if\s+exists)?)\s+["'`[]?(jobs|cases)\b/i;

export function oneJobDeleterRule({ className, owner }) {
  const message = `Jobs are deleted only by ${owner}: recordAnswer, withdraw or discard.`;
  return {
    meta: {
      type: 'problem',
      docs: { description: `Only ${owner} deletes jobs (judged by the type ${className}).` },
      schema: [],
    },
    create(context) {
      const services = context.sourceCode.parserServices;
      if (!services?.program) {
        // Without types the rule would pass everything: a configuration mistake, not a clean file.
        return {
          Program: (node) =>
            context.report({
              node,
              message: `jobs/one-deleter needs type information for ${context.filename}.`,
            }),
        };
      }
      const checker = services.program.getTypeChecker();
      const tsNode = (node) => services.esTreeNodeToTSNodeMap.get(node);
      const typeOf = (node) => checker.getTypeAtLocation(tsNode(node));

      /** The store's class itself: a class (or interface) declaration of that name. */
      function isStoreDeclaration(declaration) {
        return (
          (ts.isClassLike(declaration) || ts.isInterfaceDeclaration(declaration)) &&
          declaration.name?.text === className
        );
      }

      /** Whether a property symbol is a deleting method declared by the store's class. */
      function isStoreDeleter(symbol) {
        if (!symbol || !DELETING.test(symbol.getName())) return false;
        // A union's or a Pick<>'s property carries the declarations of the members it came from.
        return (symbol.declarations ?? []).some(
          (declaration) => declaration.parent && isStoreDeclaration(declaration.parent),
        );
      }

      /** Whether a type is the store, a subclass of it, or a union or intersection holding one. */
      function holdsStore(type, seen = new Set()) {
        if (!type || seen.has(type)) return false;
        seen.add(type);
        if (type.isUnionOrIntersection()) return type.types.some((t) => holdsStore(t, seen));
        if (type.getSymbol()?.declarations?.some(isStoreDeclaration)) return true;
        const target = type.target ?? type;
        if (!(target.objectFlags & ts.ObjectFlags.ClassOrInterface)) return false;
        return (checker.getBaseTypes(target) ?? []).some((base) => holdsStore(base, seen));
      }

      /** Whether a value of this type could delete: it has a member named like a deletion. */
      function canDelete(type) {
        return checker
          .getPropertiesOfType(checker.getApparentType(type))
          .some((property) => DELETING.test(property.getName()));
      }

      function keyName(key, computed) {
        if (!computed && key.type === 'Identifier') return key.name;
        if (key.type === 'Literal' && typeof key.value === 'string') return key.value;
        if (key.type === 'TemplateLiteral' && key.expressions.length === 0) return key.quasis[0].value.cooked;
        return undefined;
      }

      /** A deleting member of a value of this type, by the member's name. */
      function deletes(type, name) {
        if (!name || !DELETING.test(name)) return false;
        const property = checker.getApparentType(type).getProperty(name);
        return Boolean(property) && (holdsStore(type) || isStoreDeleter(property));
      }

      /** A store flowing into a place typed otherwise, where it could delete unseen. */
      function checkHandedOn(expression) {
        if (!expression || expression.type === 'SpreadElement') return;
        if (!holdsStore(typeOf(expression))) return;
        const contextual = checker.getContextualType(tsNode(expression));
        if (contextual && !holdsStore(contextual) && canDelete(contextual)) {
          context.report({
            node: expression,
            message: `A ${className} handed on as another type that can delete cannot be followed: pass it as a ${className}.`,
          });
        }
      }

      return {
        MemberExpression(node) {
          if (deletes(typeOf(node.object), keyName(node.property, node.computed)))
            context.report({ node, message });
        },
        ObjectPattern(node) {
          const type = typeOf(node);
          for (const property of node.properties) {
            if (property.type === 'Property' && deletes(type, keyName(property.key, property.computed)))
              context.report({ node: property, message });
          }
        },
        CallExpression: (node) => node.arguments.forEach(checkHandedOn),
        NewExpression: (node) => node.arguments.forEach(checkHandedOn),
        VariableDeclarator: (node) => node.id.typeAnnotation && checkHandedOn(node.init),
        AssignmentExpression: (node) => checkHandedOn(node.right),
        ReturnStatement: (node) => checkHandedOn(node.argument),
        ArrowFunctionExpression: (node) => node.expression && checkHandedOn(node.body),
        'ObjectExpression > Property': (node) => checkHandedOn(node.value),
        ArrayExpression(node) {
          node.elements.forEach(checkHandedOn);
        },
        'TSAsExpression, TSTypeAssertion, TSSatisfiesExpression'(node) {
          if (
            holdsStore(typeOf(node.expression)) &&
            !holdsStore(checker.getTypeFromTypeNode(tsNode(node.typeAnnotation)))
          )
            context.report({
              node,
              message: `A ${className} cast to another type cannot be followed: keep it a ${className}.`,
            });
        },
        Literal(node) {
          if (typeof node.value === 'string' && DELETING_SQL.test(node.value))
            context.report({ node, message });
        },
        TemplateLiteral(node) {
          if (DELETING_SQL.test(node.quasis.map((q) => q.value.cooked).join(' ')))
            context.report({ node, message });
        },
      };
    },
  };
}
