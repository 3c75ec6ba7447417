import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listMachine } from '@machines/list/list.machine';
import { rowEditingMachine } from '@machines/row-editing/row-editing.machine';
import { sessionMachine } from '@machines/session/session.machine';
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { diagramOf, docsFiles, findMachines } from '../../../scripts/machine-diagrams';

const linesOf = (diagram: string) => diagram.split('\n').map((line) => line.trim());

describe('machine diagrams', () => {
  it('draws nested states, parallel regions, initial states and guarded transitions (session)', () => {
    const lines = linesOf(diagramOf(sessionMachine));
    expect(lines[0]).toBe('stateDiagram-v2');
    expect(lines).toContain('[*] --> s_starting');
    expect(lines).toContain('state "signedOut" as s_signedOut {');
    expect(lines).toContain('[*] --> s_signedOut__idle');
    expect(lines).toContain('state "loading (parallel)" as s_loading {');
    expect(lines).toContain('state "refresh" as s_loading__refresh {');
    // Regions start together: no initial arrow into either.
    expect(lines).not.toContain('[*] --> s_loading__refresh');
    expect(lines).toContain('s_starting --> s_loading : always [hasStoredTokens]');
    expect(lines).toContain(
      's_loading__call__profile --> s_loading__call__unauthorized : loadProfile error [isUnauthorized]',
    );
    // A transition with two targets draws both; the state guard reads without the machine id.
    for (const target of ['s_loading__call__refreshing', 's_loading__refresh__used']) {
      expect(lines).toContain(
        `s_loading__call__unauthorized --> ${target} : always [hasRefreshToken and in(loading.refresh.unused)]`,
      );
    }
    expect(lines).toContain('s_signedIn : profile.changed / keepProfile');
    // Every transition is written after the last state, outside every box.
    const lastState = lines.findLastIndex((line) => line.startsWith('state ') || line === '}');
    const firstArrow = lines.findIndex((line) => / --> s_/.test(line) && !line.startsWith('[*]'));
    expect(firstArrow).toBeGreaterThan(lastState);
  });

  it('tells guarded, re-entering and staying transitions apart (row editing)', () => {
    const lines = linesOf(diagramOf(rowEditingMachine));
    expect(lines).toContain('s_editing --> s_viewing : edit.save [not isChanged]');
    expect(lines).toContain('s_editing --> s_checking : edit.save');
    expect(lines).toContain('s_editing --> s_editing : edit.start [not isChanged]');
    expect(lines).toContain('s_editing : edit.change / patch, keepDraft');
    expect(lines).toContain('s_editing : edit.start [isThisRow]');
    expect(lines).toContain('s_checking --> s_editing : always [hasErrors]');
  });

  it('draws transitions of the whole machine from "any state", and delays (list)', () => {
    const lines = linesOf(diagramOf(listMachine()));
    expect(lines).toContain('state "any state" as s__any');
    expect(lines).toContain('s__any --> s_loading : list.load');
    expect(lines).toContain('s_waiting --> s_loading : after retryAfter');
    expect(lines).toContain('s_loading --> s_failed : list error');
  });

  it('aliases keys Mermaid cannot take as ids and cleans labels', () => {
    const machine = createMachine({
      id: 'odd',
      initial: 'needs-review',
      states: {
        'needs-review': { on: { 'a:b;c#d': 'default', 'go.on': 'done' } },
        default: {},
        done: { type: 'final' },
      },
    });
    const lines = linesOf(diagramOf(machine));
    expect(lines).toContain('state "needs-review" as s_needs_review');
    expect(lines).toContain('s_needs_review --> s_default : a b cd');
    expect(lines).toContain('s_needs_review --> s_done : go.on');
    expect(lines).toContain('s_done --> [*]');
  });

  it('makes a page per machine folder and an index, the same each time', async () => {
    const files = await docsFiles();
    const folders = ['list', 'load', 'negotiation', 'offer-upload', 'order-submission', 'row-editing', 'session'];
    for (const name of folders) {
      const page = files.get(`docs/machines/${name}.md`) ?? '';
      expect(page).toContain('```mermaid\nstateDiagram-v2\n');
      expect(page).toMatch(/ --> s_\w+ : \S/);
      expect(files.get('docs/machines/README.md')).toContain(`[${name}](${name}.md)`);
    }
    expect(await docsFiles()).toEqual(files);
  });

  it('fails on a machine folder without a machine', async () => {
    const root = mkdtempSync(join(tmpdir(), 'machine-diagrams-'));
    try {
      mkdirSync(join(root, 'machines', 'forgotten'), { recursive: true });
      await expect(findMachines(root)).rejects.toThrow('machines/forgotten/ has no *.machine.ts');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
