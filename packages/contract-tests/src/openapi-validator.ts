import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

type Schema = Record<string, unknown>;
type Reference = { $ref: string };
type Header = { required?: boolean; schema: Schema };
type Response = { content?: Record<string, unknown>; headers?: Record<string, Header | Reference> };
type Operation = { operationId: string; responses: Record<string, Response> };
export type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components?: { headers?: Record<string, Header> };
} & Schema;

/** What the validator is shown of one answer. */
export type Exchange = { method: string; url: string; status: number; headers: Headers; text: string };

/** The response headers a client acts on: one the server sends must be declared for that answer. */
const ACTED_ON = [
  'etag',
  'cache-control',
  'ratelimit',
  'ratelimit-policy',
  'retry-after',
  'set-cookie',
  'location',
];

/** Where the document sits among ajv's schemas, so that its `#/components/...` references resolve. */
const DOCUMENT_ID = 'openapi.json';

/** A JSON pointer as a URI fragment (`/paths/~1api~1poem~1%7BpoemId%7D/get`). */
const pointer = (...segments: string[]) =>
  segments
    .map((segment) => `/${encodeURIComponent(segment.replaceAll('~', '~0').replaceAll('/', '~1'))}`)
    .join('');

/**
 * A strict OpenAPI 3.0 response validator: ajv 8, whose `nullable` is OpenAPI 3.0's (it counts
 * only beside a `type`, and a `$ref` or `allOf` beneath it still refuses null), with every
 * format the document names checked. `check` answers what is wrong with one answer, or nothing:
 * the operation (by method and path), the status, the media type, the body, the declared headers,
 * and that every header a client acts on is declared.
 */
export function openApiValidator(document: OpenApiDocument) {
  const ajv = new Ajv({ allErrors: true, strict: true });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  // The document's own fields are not schema keywords; its schemas are reached by pointer.
  ajv.addVocabulary(Object.keys(document).filter((key) => !ajv.getKeyword(key)));
  ajv.addSchema(document, DOCUMENT_ID);

  const validators = new Map<string, ValidateFunction>();
  const validatorAt = (at: string) => {
    let validate = validators.get(at);
    if (!validate) {
      validate = ajv.compile({ $ref: `${DOCUMENT_ID}#${at}` });
      validators.set(at, validate);
    }
    return validate;
  };
  const errorsOf = (at: string, value: unknown) => {
    const validate = validatorAt(at);
    return validate(value)
      ? []
      : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
  };

  const templates = Object.keys(document.paths).map((path) => ({
    path,
    pattern: new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+')}$`),
  }));
  /** The documented path a URL's path is an instance of; a fixed segment wins over a parameter. */
  const templateOf = (pathname: string) =>
    templates
      .filter(({ pattern }) => pattern.test(pathname))
      .sort((one, other) => other.path.split('{').length - one.path.split('{').length)
      .pop()?.path;

  const headerOf = (header: Header | Reference): Header =>
    '$ref' in header
      ? (document.components?.headers?.[header.$ref.replace('#/components/headers/', '')] as Header)
      : header;

  function headerErrors(declared: Record<string, Header | Reference>, headers: Headers, at: string) {
    const errors: string[] = [];
    const names = new Set(Object.keys(declared).map((name) => name.toLowerCase()));
    for (const name of ACTED_ON) {
      if (headers.has(name) && !names.has(name)) errors.push(`header ${name} is sent but not declared`);
    }
    for (const [name, reference] of Object.entries(declared)) {
      const header = headerOf(reference);
      const values = name.toLowerCase() === 'set-cookie' ? headers.getSetCookie() : [headers.get(name)];
      const sent = values.filter((value): value is string => value !== null);
      if (sent.length === 0 && header.required) errors.push(`header ${name} is required but missing`);
      const schemaAt = '$ref' in reference ? reference.$ref.replace(/^#/, '') : `${at}${pointer(name)}`;
      for (const value of sent) {
        const typed = header.schema.type === 'integer' ? Number(value) : value;
        for (const error of errorsOf(`${schemaAt}/schema`, typed)) errors.push(`header ${name}${error}`);
      }
    }
    return errors;
  }

  return {
    /** The operation's id for a request, or undefined when the document describes no such request. */
    operationOf(method: string, url: string): string | undefined {
      const path = templateOf(new URL(url).pathname);
      return path ? document.paths[path]?.[method.toLowerCase()]?.operationId : undefined;
    },

    /** What is wrong with this answer by the document; empty when it is admitted. */
    check({ method, url, status, headers, text }: Exchange): string[] {
      const path = templateOf(new URL(url).pathname);
      const operation = path ? document.paths[path]?.[method.toLowerCase()] : undefined;
      if (!path || !operation) return [`no operation ${method} ${new URL(url).pathname} in the document`];
      const response = operation.responses[String(status)];
      if (!response) return [`status ${status} is not declared`];
      const at = pointer('paths', path, method.toLowerCase(), 'responses', String(status));
      const errors = headerErrors(response.headers ?? {}, headers, `${at}/headers`);
      const mediaType = headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
      if (!response.content) {
        if (text !== '') errors.push(`a body where the document declares none: ${text.slice(0, 200)}`);
        return errors;
      }
      if (!mediaType || !(mediaType in response.content)) {
        return [
          ...errors,
          `content type ${mediaType} is not one of ${Object.keys(response.content).join(', ')}`,
        ];
      }
      // A body that is not JSON (a card's PNG): its media type is what the document says of it.
      if (!/[/+]json$/.test(mediaType)) {
        if (text === '') errors.push('an empty body where the document declares one');
        return errors;
      }
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return [...errors, `the body is not JSON: ${text.slice(0, 200)}`];
      }
      for (const error of errorsOf(`${at}${pointer('content', mediaType, 'schema')}`, body)) {
        errors.push(`body${error}`);
      }
      return errors;
    },
  };
}
