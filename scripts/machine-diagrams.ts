/**
 * The statecharts in `docs/machines/`: one Mermaid `stateDiagram-v2` per machine in `machines/`,
 * drawn from the machine's definition (its state nodes, not a hand-kept copy), and an index.
 * `--check` fails when a file is not what the machines make (part of `npm test`, like `api:check`).
 *
 * Mermaid's parser and layout set the drawing rules here: state ids are aliased (`state "label"
 * as s_…`) so no key can clash with a keyword (`default`, `note`, `state`…) or hold a dash; every
 * transition is written at the top level after all states are declared, because an arrow written
 * inside a box makes both of its ends children of that box; a box never carries an arrow to its
 * own inside (its "any state" stand-in does) nor description lines (Mermaid refuses those).
 * Parallel regions are drawn as boxes side by side in the parallel state, not with Mermaid's `--`
 * separator, whose last region cannot take an arrow out (mermaid-js/mermaid#5096).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type AnyStateMachine, type AnyStateNode, StateMachine } from 'xstate';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MACHINES = 'machines';
const DOCS = 'docs/machines';
const COMMAND = 'npm run machines:docs';
/** Folders of `machines/` that hold helpers shared by the machines, not a machine of their own. */
const HELPER_FOLDERS: ReadonlySet<string> = new Set(['shared']);

export type FoundMachine = { name: string; source: string; machine: AnyStateMachine };

/**
 * Every machine of `machines/`, by folder name order: each folder but the helper ones must hold a
 * `*.machine.ts` exporting one created machine, or a `…Machine` factory that makes one (the
 * generic machines take their types as parameters). Anything else fails, so no machine is left
 * out of the docs unnoticed.
 */
export async function findMachines(root = ROOT): Promise<FoundMachine[]> {
  const folders = readdirSync(join(root, MACHINES), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !HELPER_FOLDERS.has(entry.name))
    .map((entry) => entry.name)
    .sort();
  const found: FoundMachine[] = [];
  for (const folder of folders) {
    const files = readdirSync(join(root, MACHINES, folder))
      .filter((file) => file.endsWith('.machine.ts'))
      .sort();
    if (files.length === 0) {
      throw new Error(
        `${MACHINES}/${folder}/ has no *.machine.ts: add the machine, or name the folder in HELPER_FOLDERS of scripts/machine-diagrams.ts if it only holds helpers.`,
      );
    }
    for (const file of files) {
      const source = `${MACHINES}/${folder}/${file}`;
      const module: Record<string, unknown> = await import(pathToFileURL(join(root, source)).href);
      const machines = Object.entries(module).flatMap(([name, value]) => machineOf(name, value));
      if (machines.length !== 1) {
        throw new Error(`${source} exports ${machines.length} machines; the statecharts expect exactly one per file.`);
      }
      found.push({ name: file.slice(0, -'.machine.ts'.length), source, machine: machines[0] as AnyStateMachine });
    }
  }
  return found;
}

function machineOf(name: string, value: unknown): AnyStateMachine[] {
  if (value instanceof StateMachine) return [value];
  // A generic machine is a factory; its definition does not depend on the type arguments.
  if (typeof value === 'function' && name.endsWith('Machine')) {
    const made: unknown = value();
    if (made instanceof StateMachine) return [made];
  }
  return [];
}

/** Text Mermaid takes after a colon or in a quoted label: no `:`/`;` (they end it), `#` or `%%` (comments). */
function clean(text: string): string {
  return (
    text
      .replace(/[:;]/g, ' ')
      .replace(/["]/g, "'")
      .replace(/[#%<>{}\r\n]/g, '')
      // A line with "direction LR" anywhere in it is read as a layout statement.
      .replace(/direction\s+(?=(tb|bt|rl|lr)\b)/gi, 'direction-')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

const isCompound = (node: AnyStateNode) => node.type === 'compound' || node.type === 'parallel';
const childrenOf = (node: AnyStateNode): AnyStateNode[] => Object.values(node.states) as AnyStateNode[];

function contains(ancestor: AnyStateNode, node: AnyStateNode): boolean {
  for (let at: AnyStateNode | undefined = node; at; at = at.parent) if (at === ancestor) return true;
  return false;
}

/** A guard as it reads in the config: a name, a name with its fixed params, or `not`/`and`/`or`/`in(…)`. */
function guardLabel(guard: unknown, machineId: string): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const built = guard as { guards?: unknown[]; stateValue?: unknown; name: string };
    if (built.guards) {
      const parts = built.guards.map((inner) => {
        const label = guardLabel(inner, machineId);
        return label.includes(' ') ? `(${label})` : label;
      });
      return built.name === 'not' ? `not ${parts[0]}` : parts.join(` ${built.name} `);
    }
    if ('stateValue' in built) return `in(${stateLabel(built.stateValue, machineId)})`;
    // An inline guard function takes the name of the `guard` property it was written in.
    return built.name && built.name !== 'guard' ? built.name : 'inline guard';
  }
  if (typeof guard === 'object' && guard !== null && 'type' in guard) {
    const { type, params } = guard as { type: string; params?: unknown };
    const fixed = ['string', 'number', 'boolean'].includes(typeof params);
    return fixed ? `${type}(${String(params)})` : type;
  }
  return 'inline guard';
}

function stateLabel(value: unknown, machineId: string): string {
  if (typeof value === 'string') {
    const own = `#${machineId}.`;
    return value.startsWith(own) ? value.slice(own.length) : value.replace(/^#/, '');
  }
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value)
      .map(([key, inner]) => `${key}.${stateLabel(inner, machineId)}`)
      .join(', ');
  }
  return String(value);
}

function actionLabel(action: unknown): string {
  if (typeof action === 'string') return action;
  const type = (action as { type?: unknown }).type;
  if (typeof type === 'string') return type.replace(/^xstate\./, '');
  return 'inline action';
}

type Transition = AnyStateNode['transitions'] extends Map<string, (infer T)[]> ? T : never;

/** What triggers a transition: its event, or what stands for one (eventless, delayed, an actor's end). */
function triggerLabel(node: AnyStateNode, transition: Transition, eventless: boolean): string {
  if (eventless) return 'always';
  const { eventType } = transition;
  const delay = (transition as { delay?: unknown }).delay;
  if (delay !== undefined) return typeof delay === 'number' ? `after ${delay} ms` : `after ${String(delay)}`;
  for (const [prefix, suffix] of [
    ['xstate.done.actor.', 'done'],
    ['xstate.error.actor.', 'error'],
    ['xstate.snapshot.', 'snapshot'],
  ] as const) {
    if (eventType.startsWith(prefix)) return `${eventType.slice(prefix.length)} ${suffix}`;
  }
  if (eventType === `xstate.done.state.${node.id}`) return 'onDone';
  return eventType === '*' ? 'any event' : eventType;
}

/**
 * The states an arrow is drawn to. A box is its own target unless the arrow starts inside it (a
 * re-entry of an ancestor): Mermaid cannot draw that, so the arrow goes to the states it enters.
 */
function drawnTargets(from: AnyStateNode, target: AnyStateNode): AnyStateNode[] {
  if (!isCompound(target) || !contains(target, from)) return [target];
  const entered = target.type === 'parallel' ? childrenOf(target) : (target.initial.target as AnyStateNode[]);
  return entered.flatMap((child) => drawnTargets(from, child));
}

/** The Mermaid `stateDiagram-v2` of a machine, the same text for the same definition. */
export function diagramOf(machine: AnyStateMachine): string {
  const machineId = machine.root.id;
  const ids = new Map<AnyStateNode, string>();
  const used = new Set<string>();
  const claim = (id: string) => {
    if (used.has(id)) throw new Error(`Two states of ${machineId} draw as ${id}; rename one.`);
    used.add(id);
    return id;
  };
  const idOf = (node: AnyStateNode): string => {
    let id = ids.get(node);
    if (!id) {
      id = claim(`s_${node.path.map((key) => key.replace(/[^A-Za-z0-9_]/g, '_')).join('__')}`);
      ids.set(node, id);
    }
    return id;
  };
  const anyIds = new Map<AnyStateNode, string>();
  /** The stand-in for "any state of this box" (of the whole machine, for the root). */
  const anyOf = (node: AnyStateNode): string => {
    let id = anyIds.get(node);
    if (!id) {
      id = claim(node === machine.root ? 's__any' : `${idOf(node)}___any`);
      anyIds.set(node, id);
    }
    return id;
  };

  // Pass 1: arrows and the lines of transitions that stay put, per state (or per stand-in).
  const arrows: string[] = [];
  const staying = new Map<string, string[]>();
  const walk = (node: AnyStateNode) => {
    const atomic = !isCompound(node) && node !== machine.root;
    const listed = [...node.transitions.values()].flat().map((t) => ({ t, eventless: false }));
    const always = (node.always ?? []).map((t) => ({ t, eventless: true }));
    for (const { t, eventless } of [...listed, ...always]) {
      const guard = t.guard === undefined ? '' : ` [${guardLabel(t.guard, machineId)}]`;
      const label = clean(`${triggerLabel(node, t, eventless)}${guard}`);
      // A state's transition to itself that does not re-enter it stays in it, like a targetless one.
      const targets = ((t.target ?? []) as AnyStateNode[]).filter((target) => t.reenter || !atomic || target !== node);
      if (targets.length === 0) {
        const actions = t.actions.map(actionLabel);
        const line = clean(actions.length > 0 ? `${label} / ${actions.join(', ')}` : label);
        const holder = atomic ? idOf(node) : anyOf(node);
        staying.set(holder, [...(staying.get(holder) ?? []), line]);
        continue;
      }
      for (const end of targets.flatMap((target) => drawnTargets(node, target))) {
        // A box's arrow into itself starts from its "any state" (the machine's, at the top level).
        const from = !atomic && contains(node, end) ? anyOf(node) : idOf(node);
        arrows.push(`${from} --> ${idOf(end)} : ${label}`);
      }
    }
    for (const child of childrenOf(node)) walk(child);
  };
  walk(machine.root);

  // Pass 2: the states, box in box, then every arrow at the top level.
  const lines: string[] = ['stateDiagram-v2'];
  const declare = (node: AnyStateNode, depth: number) => {
    const pad = '  '.repeat(depth);
    const parent = node.parent;
    const startsHere = parent && parent.type !== 'parallel' && parent.initial.target.includes(node);
    if (startsHere) lines.push(`${pad}[*] --> ${idOf(node)}`);
    const suffix =
      node.type === 'parallel' ? ' (parallel)' : node.type === 'history' ? ` (${node.history} history)` : '';
    const label = clean(`${node.key}${suffix}`);
    if (isCompound(node)) {
      lines.push(`${pad}state "${label}" as ${idOf(node)} {`);
      declareInside(node, depth + 1);
      lines.push(`${pad}}`);
    } else {
      lines.push(`${pad}state "${label}" as ${idOf(node)}`);
      for (const line of staying.get(idOf(node)) ?? []) lines.push(`${pad}${idOf(node)} : ${line}`);
    }
    if (node.type === 'final') lines.push(`${pad}${idOf(node)} --> [*]`);
  };
  const declareInside = (node: AnyStateNode, depth: number) => {
    const pad = '  '.repeat(depth);
    const any = anyIds.get(node);
    if (any) {
      lines.push(`${pad}state "any state" as ${any}`);
      for (const line of staying.get(any) ?? []) lines.push(`${pad}${any} : ${line}`);
    }
    for (const child of childrenOf(node)) declare(child, depth);
  };
  declareInside(machine.root, 1);
  lines.push(...[...new Set(arrows)].map((arrow) => `  ${arrow}`));
  return `${lines.join('\n')}\n`;
}

/** A Markdown table with its columns padded as Biome formats it (`npm run lint` checks docs/ too). */
function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((title, column) =>
    Math.max(3, title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)];
}

/** The states that carry tags or run actors, which the diagram does not show. */
function effectsTable(machine: AnyStateMachine): string[] {
  const rows: string[][] = [];
  const list = (items: string[]) => items.map((item) => `\`${item}\``).join(', ');
  const visit = (node: AnyStateNode) => {
    const tags = [...node.tags].sort();
    const invokes = node.invoke.map((invoke) => (typeof invoke.src === 'string' ? invoke.src : invoke.id));
    if (tags.length > 0 || invokes.length > 0) {
      const name = node === machine.root ? '(the whole machine)' : `\`${node.path.join('.')}\``;
      rows.push([name, list(tags), list(invokes)]);
    }
    for (const child of childrenOf(node)) visit(child);
  };
  visit(machine.root);
  if (rows.length === 0) return [];
  return [
    '',
    'States with tags (read by the UI) or invoked actors (the effects):',
    '',
    ...table(['State', 'Tags', 'Invokes'], rows),
  ];
}

function pageOf({ name, source, machine }: FoundMachine): string {
  return [
    `# ${name} (\`${machine.root.id}\`)`,
    '',
    `The statechart of [\`${source}\`](../../${source}), generated by \`${COMMAND}\` — do not edit.`,
    'How to read it: [README.md](README.md#reading-the-diagrams).',
    '',
    '```mermaid',
    diagramOf(machine).trimEnd(),
    '```',
    ...effectsTable(machine),
    '',
  ].join('\n');
}

function indexOf(found: FoundMachine[]): string {
  return [
    '# Statecharts of the machines',
    '',
    `One diagram per machine in \`${MACHINES}/\`, drawn from the machine's definition; generated by \`${COMMAND}\` — do not edit. \`npm test\` fails when one is stale (\`npm run machines:check\`).`,
    '',
    ...table(
      ['Machine', 'Id', 'Source'],
      found.map(({ name, source, machine }) => [
        `[${name}](${name}.md)`,
        `\`${machine.root.id}\``,
        `[\`${source}\`](../../${source})`,
      ]),
    ),
    '',
    '## Reading the diagrams',
    '',
    '- A box inside a box is a substate; `[*]` with an arrow marks the initial state, an arrow to `[*]` a final state.',
    '- A state marked `(parallel)` is in all of its regions at once: the boxes inside it, which have no initial arrow.',
    '- An arrow reads `event [guard]`: `edit.save [not isChanged]`, `negotiation.counter [isSellersTurn]`. A guard with fixed params shows them (`hasStatus(completed)`); `in(…)` is a state guard.',
    '- `always` is an eventless transition, `after 0 ms` a delayed one; `saveOffer done` and `saveOffer error` are the ends of the invoked actor `saveOffer` (`xstate.done.actor.saveOffer`, `xstate.error.actor.saveOffer`).',
    '- `any state` stands for every state of the box it is in (of the whole machine at the top level): a transition defined on the parent state that leads into it, such as a reload from wherever the machine is.',
    '- Lines inside a state are transitions that stay in it without leaving it: `event [guard] / actions`. An arrow from a state to itself leaves and re-enters it (`reenter: true`), so its exit and entry actions run again and its invoked actors restart.',
    '',
  ].join('\n');
}

/** Every file of `docs/machines/`, by path from the project root. */
export async function docsFiles(root = ROOT): Promise<Map<string, string>> {
  const found = await findMachines(root);
  const files = new Map<string, string>();
  for (const machine of found) files.set(`${DOCS}/${machine.name}.md`, pageOf(machine));
  files.set(`${DOCS}/README.md`, indexOf(found));
  return files;
}

function keptFiles(root: string): string[] {
  const dir = join(root, DOCS);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.md'))
    .map((file) => `${DOCS}/${file}`);
}

async function main() {
  const files = await docsFiles();
  const kept = keptFiles(ROOT);
  const extra = kept.filter((path) => !files.has(path));
  if (process.argv.includes('--check')) {
    const missing = [...files.keys()].filter((path) => !kept.includes(path));
    const stale = [...files].filter(
      ([path, text]) => kept.includes(path) && readFileSync(join(ROOT, path), 'utf8') !== text,
    );
    const problems = [
      ...stale.map(([path]) => `  stale:   ${path}`),
      ...missing.map((path) => `  missing: ${path}`),
      ...extra.map((path) => `  extra:   ${path}`),
    ];
    if (problems.length > 0) {
      process.stderr.write(`Statecharts out of date:\n${problems.join('\n')}\nRun \`${COMMAND}\` and commit.\n`);
      process.exit(1);
    }
    process.stdout.write(`Statecharts in ${DOCS}/ match the ${files.size - 1} machines.\n`);
    return;
  }
  mkdirSync(join(ROOT, DOCS), { recursive: true });
  for (const [path, text] of files) writeFileSync(join(ROOT, path), text);
  for (const path of extra) rmSync(join(ROOT, path));
  process.stdout.write(`Wrote ${files.size} files to ${relative(process.cwd(), join(ROOT, DOCS)) || DOCS}/.\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
