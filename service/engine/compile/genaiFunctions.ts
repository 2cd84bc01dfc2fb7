/**
 * The genai_* helpers that only read a conversation: an array of `{role, content[, tool_calls]}`
 * messages (content is text, or an array of parts whose `text`s are joined). The pricing helpers
 * (genai_cost, genai_input_cost, genai_output_cost, genai_get_pricing) need a model price table
 * this service does not have and answer a 400 naming them.
 */
import { asJson, asNumber, asString } from './coercions.ts';
import { define, out, type CallSite } from './registry.ts';
import type { Compiled } from './scope.ts';

const messages = (value: Compiled) => `coalesce(TRY_CAST(${asJson(value)} AS JSON[]), [])`;
const roleOf = (message: string) => `json_extract_string(${message}, '$.role')`;
/** A message's text: its content string, or the texts of its content parts joined. */
function contentOf(message: string): string {
  const content = `json_extract(${message}, '$.content')`;
  const parts = `CAST(${content} AS JSON[])`;
  const partText = `coalesce(json_extract_string(apl_part, '$.text'), json_extract_string(apl_part, '$.content'), CASE WHEN json_type(apl_part) = 'VARCHAR' THEN json_extract_string(apl_part, '$') END)`;
  return `(CASE json_type(${content}) WHEN 'VARCHAR' THEN json_extract_string(${content}, '$') WHEN 'ARRAY' THEN array_to_string(list_transform(${parts}, apl_part -> ${partText}), '') WHEN 'NULL' THEN NULL ELSE CAST(${content} AS VARCHAR) END)`;
}
/** Messages of one role, in order. */
const withRole = (list: string, role: string) => `list_filter(${list}, apl_m -> ${roleOf('apl_m')} = ${role})`;

define('genai_concat_contents', (site) => {
  const separator = site.raw.length > 1 ? asString(site.arg(1)) : `' '`;
  return out(`array_to_string(list_filter(list_transform(${messages(site.arg(0))}, apl_m -> ${contentOf('apl_m')}), apl_c -> apl_c IS NOT NULL), ${separator})`, 'string');
});
define('genai_message_roles', (site) => out(`to_json(list_transform(${messages(site.arg(0))}, apl_m -> ${roleOf('apl_m')}))`, 'dynamic', true));
define('genai_conversation_turns', (site) => out(`CAST(len(${withRole(messages(site.arg(0)), `'user'`)}) AS BIGINT)`, 'long'));

/** The content of the first or last message of a role, or '' when there is none. */
function byRole(site: CallSite, role: string, last: boolean): Compiled {
  const found = withRole(messages(site.arg(0)), role);
  return out(`coalesce(${contentOf(`${found}[${last ? '-1' : '1'}]`)}, '')`, 'string');
}
define('genai_extract_user_prompt', (site) => byRole(site, `'user'`, true));
define('genai_extract_assistant_response', (site) => byRole(site, `'assistant'`, true));
define('genai_extract_system_prompt', (site) => byRole(site, `'system'`, false));
define('genai_get_content_by_role', (site) => byRole(site, asString(site.arg(1)), false));

/** Message i (zero-based), or null outside the array. */
const at = (site: CallSite) => `${messages(site.arg(0))}[CAST(${asNumber(site.arg(1))} AS BIGINT) + 1]`;
define('genai_get_content_by_index', (site) => out(`(CASE WHEN CAST(${asNumber(site.arg(1))} AS BIGINT) >= 0 THEN coalesce(${contentOf(at(site))}, '') ELSE '' END)`, 'string'));
define('genai_get_role', (site) => out(`(CASE WHEN CAST(${asNumber(site.arg(1))} AS BIGINT) >= 0 THEN coalesce(${roleOf(at(site))}, '') ELSE '' END)`, 'string'));

/** Every tool call of the conversation's messages, in order. */
const toolCalls = (site: CallSite) =>
  `flatten(list_transform(${messages(site.arg(0))}, apl_m -> coalesce(TRY_CAST(json_extract(apl_m, '$.tool_calls') AS JSON[]), [])))`;
define('genai_extract_tool_calls', (site) => out(`(CASE WHEN len(${toolCalls(site)}) > 0 THEN to_json(${toolCalls(site)}) END)`, 'dynamic', true));
define('genai_has_tool_calls', (site) => out(`(len(${toolCalls(site)}) > 0)`, 'bool'));
define('genai_extract_function_results', (site) => {
  const results = `list_filter(${messages(site.arg(0))}, apl_m -> ${roleOf('apl_m')} IN ('tool', 'function'))`;
  const text = contentOf(`${results}[-1]`);
  return out(`(CASE WHEN json_valid(${text}) THEN CAST(${text} AS JSON) ELSE to_json(${text}) END)`, 'dynamic');
});
define('genai_is_truncated', (site) => {
  const reason = site.arg(1);
  // The finish reason may be one text or an array of them (one per choice).
  const reasons = reason.type === 'dynamic' ? `coalesce(TRY_CAST(${reason.sql} AS VARCHAR[]), [json_extract_string(${reason.sql}, '$')])` : `[${asString(reason)}]`;
  return out(`coalesce(list_bool_or(list_transform(${reasons}, apl_r -> lower(apl_r) IN ('length', 'max_tokens'))), FALSE)`, 'bool');
});
// About four characters per token, the usual rule of thumb for English text.
define('genai_estimate_tokens', (site) => out(`CAST(ceil(length(coalesce(${asString(site.arg(0))}, '')) / 4.0) AS BIGINT)`, 'long'));

for (const name of ['genai_cost', 'genai_input_cost', 'genai_output_cost', 'genai_get_pricing']) {
  define(name, (site) => {
    throw site.scope.errors.at(site.call.callee.start, `the function ${name}() is not implemented by this engine: it needs model prices, which this local service does not have`);
  });
}
