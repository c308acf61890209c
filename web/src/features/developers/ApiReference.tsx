import { Badge, Box, Code, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';

/**
 * The API reference, rendered here from the document the server serves (/api/v1/openapi.json): no CDN and no
 * third-party viewer, so it works offline and stays in the Developers chunk.
 */
type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  description?: string;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: Schema };
type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
};
type OpenApiDoc = {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
  webhooks?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};

const METHOD_COLORS: Record<string, string> = { get: 'blue', post: 'green', patch: 'orange', delete: 'red' };

function typeOf(s: Schema | undefined): string {
  if (!s) return 'any';
  if (s.$ref) return s.$ref.split('/').pop()!;
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (s.anyOf ?? s.oneOf) return (s.anyOf ?? s.oneOf)!.map(typeOf).join(' | ');
  if (s.type === 'array' || (Array.isArray(s.type) && s.type.includes('array')))
    return `${typeOf(s.items)}[]`;
  return Array.isArray(s.type) ? s.type.join(' | ') : (s.type ?? 'object');
}

function Fields({ schema }: { schema: Schema | undefined }) {
  if (!schema?.properties) return <Code fontSize="xs">{typeOf(schema)}</Code>;
  return (
    <Stack gap="1" fontSize="sm">
      {Object.entries(schema.properties).map(([name, s]) => (
        <Box key={name}>
          <Code fontSize="xs">{name}</Code>{' '}
          <Text as="span" color="fg.muted" fontSize="xs">
            {typeOf(s)}
            {schema.required?.includes(name) ? ', required' : ''}
          </Text>
          {s.description && (
            <Text fontSize="xs" color="fg.muted">
              {s.description}
            </Text>
          )}
        </Box>
      ))}
    </Stack>
  );
}

function OperationCard({ method, path, op }: { method: string; path: string; op: Operation }) {
  const body = op.requestBody?.content?.['application/json']?.schema;
  const ok = Object.entries(op.responses ?? {}).find(([code]) => code.startsWith('2'));
  return (
    <Box borderWidth="1px" borderRadius="md" p="3" id={op.operationId}>
      <HStack gap="2" flexWrap="wrap">
        <Badge colorPalette={METHOD_COLORS[method] ?? 'gray'} textTransform="uppercase">
          {method}
        </Badge>
        <Code fontSize="sm" wordBreak="break-all">
          {path}
        </Code>
      </HStack>
      <Text fontWeight="semibold" mt="2">
        {op.summary}
      </Text>
      {op.description && op.description !== op.summary && (
        <Text fontSize="sm" color="fg.muted" whiteSpace="pre-line">
          {op.description}
        </Text>
      )}
      {op.parameters && op.parameters.length > 0 && (
        <Box mt="2">
          <Text fontSize="xs" fontWeight="bold">
            Parameters
          </Text>
          {op.parameters.map((p) => (
            <Text key={`${p.in}-${p.name}`} fontSize="xs">
              <Code fontSize="xs">{p.name}</Code> ({p.in}, {typeOf(p.schema)}
              {p.required ? ', required' : ''}) {p.description}
            </Text>
          ))}
        </Box>
      )}
      {body && (
        <Box mt="2">
          <Text fontSize="xs" fontWeight="bold">
            Body
          </Text>
          <Fields schema={body} />
        </Box>
      )}
      {ok && (
        <Text fontSize="xs" mt="2">
          <b>{ok[0]}</b>: {typeOf(ok[1].content?.['application/json']?.schema)}
        </Text>
      )}
    </Box>
  );
}

export function ApiReference() {
  const [doc, setDoc] = useState<OpenApiDoc | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    fetch('/api/v1/openapi.json')
      .then((r) => (r.ok ? (r.json() as Promise<OpenApiDoc>) : Promise.reject(new Error(String(r.status)))))
      .then(
        (d) => live && setDoc(d),
        () => live && setError('The API reference could not be loaded.'),
      );
    return () => {
      live = false;
    };
  }, []);
  if (error) return <Text color="fg.error">{error}</Text>;
  if (!doc) return <Spinner role="status" aria-label="Loading the API reference" />;

  const byTag = new Map<string, Array<{ method: string; path: string; op: Operation }>>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags?.[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), { method, path, op }]);
    }
  }
  return (
    <Stack gap="6" data-testid="api-reference">
      <Text fontSize="sm" color="fg.muted">
        {doc.info.title} {doc.info.version}: base URL <Code>/api/v1</Code>. The machine-readable document is
        at <a href="/api/v1/openapi.json">/api/v1/openapi.json</a> (OpenAPI 3.1).
      </Text>
      {[...byTag].map(([tag, ops]) => (
        <Stack key={tag} gap="3">
          <Heading size="md">{tag}</Heading>
          {ops.map((o) => (
            <OperationCard key={`${o.method} ${o.path}`} {...o} />
          ))}
        </Stack>
      ))}
      {doc.webhooks && (
        <Stack gap="3">
          <Heading size="md">Webhook events</Heading>
          {Object.entries(doc.webhooks).map(([name, m]) => (
            <Box key={name} borderWidth="1px" borderRadius="md" p="3">
              <Code>{name}</Code>
              <Text fontSize="sm">{m.post?.summary}</Text>
            </Box>
          ))}
        </Stack>
      )}
      {doc.components?.schemas && (
        <Stack gap="3">
          <Heading size="md">Objects</Heading>
          {Object.entries(doc.components.schemas).map(([name, s]) => (
            <Box key={name} borderWidth="1px" borderRadius="md" p="3">
              <Text fontWeight="semibold">{name}</Text>
              <Fields schema={s} />
            </Box>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
