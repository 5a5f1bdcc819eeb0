// OpenAPI 3 document → TypeScript declarations in the shape openapi-typescript uses
// (`components['schemas']['UserDto']`, `paths['/api/users']['get']`), covering what @nestjs/swagger emits:
// $ref, allOf/oneOf/anyOf, enums, nullable, arrays, objects, additionalProperties.
// Kept in-house because openapi-typescript 7.13.0 declares a TypeScript 5 peer and the repo is on 6.

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

const key = (name) => (IDENT.test(name) ? name : str(name));
const str = (s) => `'${String(s).replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
const literal = (value) => (typeof value === 'string' ? str(value) : JSON.stringify(value));

function comment(text, pad) {
  if (!text) return '';
  const lines = String(text).replace(/\*\//g, '*\\/').split('\n');
  return lines.length === 1 ? `${pad}/** ${lines[0]} */\n` : `${pad}/**\n${lines.map((l) => `${pad} * ${l}`).join('\n')}\n${pad} */\n`;
}

/** One schema as a TypeScript type; `depth` is the indentation level of the line it starts on. */
export function typeOf(schema, depth = 0) {
  if (!schema || typeof schema !== 'object') return 'unknown';
  const nullable = schema.nullable === true;
  const wrap = (t) => (nullable && t !== 'unknown' && t !== 'null' ? `${t} | null` : t);
  if (schema.$ref) return wrap(refType(schema.$ref));
  if (schema.allOf) return wrap(group(schema.allOf.map((s) => typeOf(s, depth)), ' & '));
  if (schema.oneOf) return wrap(group(schema.oneOf.map((s) => typeOf(s, depth)), ' | '));
  if (schema.anyOf) return wrap(group(schema.anyOf.map((s) => typeOf(s, depth)), ' | '));
  if (Array.isArray(schema.enum)) return wrap(schema.enum.map(literal).join(' | '));
  if ('const' in schema) return wrap(literal(schema.const));
  const type = Array.isArray(schema.type) ? schema.type : [schema.type];
  const parts = type.map((t) => {
    switch (t) {
      case 'string':
        return schema.format === 'binary' ? 'Blob' : 'string';
      case 'integer':
      case 'number':
        return 'number';
      case 'boolean':
        return 'boolean';
      case 'null':
        return 'null';
      case 'array': {
        const item = typeOf(schema.items, depth);
        return /^[\w.$'[\]"]+$/.test(item) ? `${item}[]` : `(${item})[]`;
      }
      case 'object':
      case undefined:
        return objectType(schema, depth);
      default:
        return 'unknown';
    }
  });
  return wrap(group(parts, ' | '));
}

function group(parts, sep) {
  const unique = [...new Set(parts)];
  if (unique.length === 1) return unique[0];
  return unique.map((p) => (/[|&]/.test(p) && !p.startsWith('{') ? `(${p})` : p)).join(sep);
}

function refType(ref) {
  const m = /^#\/components\/schemas\/(.+)$/.exec(ref);
  return m ? `components['schemas'][${literal(m[1])}]` : 'unknown';
}

function objectType(schema, depth) {
  const props = schema.properties ?? {};
  const names = Object.keys(props);
  const extra = schema.additionalProperties;
  if (!names.length && (extra === undefined || extra === true || (typeof extra === 'object' && !Object.keys(extra).length))) {
    return schema.type === 'object' || extra !== undefined ? 'Record<string, unknown>' : 'unknown';
  }
  if (!names.length && extra === false) return 'Record<string, never>';
  const pad = '  '.repeat(depth + 1);
  const required = new Set(schema.required ?? []);
  const lines = names.map((name) => {
    const p = props[name];
    return `${comment(p.description, pad)}${pad}${key(name)}${required.has(name) ? '' : '?'}: ${typeOf(p, depth + 1)};`;
  });
  if (extra && typeof extra === 'object') lines.push(`${pad}[key: string]: ${typeOf(extra, depth + 1)};`);
  return `{\n${lines.join('\n')}\n${'  '.repeat(depth)}}`;
}

function parameters(params, depth) {
  const byIn = {};
  for (const p of params ?? []) (byIn[p.in] ??= []).push(p);
  const pad = '  '.repeat(depth + 1);
  const groups = ['query', 'path', 'header'].filter((k) => byIn[k]);
  if (!groups.length) return 'never';
  const lines = groups.map((where) => {
    const inner = '  '.repeat(depth + 2);
    const fields = byIn[where].map((p) => `${comment(p.description, inner)}${inner}${key(p.name)}${p.required ? '' : '?'}: ${typeOf(p.schema, depth + 2)};`);
    return `${pad}${where}: {\n${fields.join('\n')}\n${pad}};`;
  });
  return `{\n${lines.join('\n')}\n${'  '.repeat(depth)}}`;
}

/** A request body or response: `{ content: { '<mime>': T } }` (`content?: never` when it has none). */
function content(body, depth) {
  const types = Object.entries(body?.content ?? {});
  const pad = '  '.repeat(depth + 1);
  if (!types.length) return `{\n${pad}content?: never;\n${'  '.repeat(depth)}}`;
  const inner = '  '.repeat(depth + 2);
  const lines = types.map(([mime, c]) => `${inner}${literal(mime)}: ${typeOf(c.schema, depth + 2)};`).join('\n');
  return `{\n${pad}content: {\n${lines}\n${pad}};\n${'  '.repeat(depth)}}`;
}

function operation(op, depth) {
  const pad = '  '.repeat(depth + 1);
  const lines = [`${pad}parameters: ${parameters(op.parameters, depth + 1)};`];
  if (op.requestBody) lines.push(`${pad}requestBody${op.requestBody.required ? '' : '?'}: ${content(op.requestBody, depth + 1)};`);
  const inner = '  '.repeat(depth + 2);
  const responses = Object.entries(op.responses ?? {}).map(([code, r]) => `${comment(r.description, inner)}${inner}${IDENT.test(code) ? code : /^\d+$/.test(code) ? code : literal(code)}: ${content(r, depth + 2)};`);
  lines.push(`${pad}responses: {\n${responses.join('\n')}\n${pad}};`);
  return `{\n${comment(op.summary, pad)}${lines.join('\n')}\n${'  '.repeat(depth)}}`;
}

/** The whole declaration file. */
export function toTypeScript(doc) {
  const out = [
    '// Generated by backend/scripts/openapi.mjs from backend/openapi.json: do not edit.',
    '// Regenerate with `npm run api:generate`; `npm run api:check` fails when this file is stale.',
    '',
    'export interface paths {',
  ];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    out.push(`  ${literal(path)}: {`);
    for (const method of METHODS) if (item[method]) out.push(`    ${method}: ${operation(item[method], 2)};`);
    out.push('  };');
  }
  out.push('}', '', 'export interface components {', '  schemas: {');
  for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) {
    out.push(`${comment(schema.description, '    ')}    ${key(name)}: ${typeOf(schema, 2)};`);
  }
  out.push('  };', '}', '');
  return out.join('\n');
}
