/**
 * io(file) with read() or write(), after TinkerPop's IoStep: a start step that reads a graph
 * file into the current graph (yielding nothing) or writes the graph to a file. The format
 * comes from `with(IO.reader, IO.graphson | IO.graphml)` (or `IO.writer`), else from the
 * file extension (`.json` GraphSON, `.xml` GraphML, `.kryo` Gryo). Files resolve against
 * the io() base directory of the execution context and can never leave it (see io/files.ts).
 * Reading GraphSON 3.0 and GraphML is supported; Gryo and writing are not.
 * @module
 */
import { PlanError, UnsupportedError } from '../../../errors.js';
import type { Traverser } from '../../runtime/traverser.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef } from '../step-def.js';
import { badArguments, describeArg, isEnum } from '../args.js';
import { readIoFile } from '../../io/files.js';
import { parseGraphson } from '../../io/graphson.js';
import { parseGraphml } from '../../io/graphml.js';
import { writeDocument } from '../../io/document.js';
import type { GraphDocument } from '../../io/document.js';
import type { IoFormat, IoParams } from '../../plan/params/side-effect.js';

/** TinkerPop's IO.reader / IO.writer keys, as enum constants or as their string values. */
const KEY_NAMES: Readonly<Record<string, 'reader' | 'writer'>> = { '~tinkerpop.io.reader': 'reader', '~tinkerpop.io.writer': 'writer' };
const FORMATS: readonly IoFormat[] = ['graphson', 'graphml', 'gryo'];
const EXTENSIONS: Readonly<Record<string, IoFormat>> = { json: 'graphson', xml: 'graphml', kryo: 'gryo' };
const PARSERS: Readonly<Record<'graphson' | 'graphml', (text: string) => GraphDocument>> = { graphson: parseGraphson, graphml: parseGraphml };

function optionKey(a: unknown): 'reader' | 'writer' | undefined {
  if (isEnum(a, 'IO', 'reader')) return 'reader';
  if (isEnum(a, 'IO', 'writer')) return 'writer';
  return typeof a === 'string' ? KEY_NAMES[a] : undefined;
}

function formatOf(a: unknown): IoFormat | undefined {
  const name = isEnum(a, 'IO') ? a.name : a;
  return FORMATS.find((f) => f === name);
}

/** The format named by with(), else the one the file extension implies (TinkerPop's detection). */
function detect(p: IoParams, given: IoFormat | undefined): IoFormat {
  if (given !== undefined) return given;
  const ext = /\.([^./\\]+)$/.exec(p.file)?.[1]?.toLowerCase();
  const found = ext === undefined ? undefined : EXTENSIONS[ext];
  if (found === undefined) {
    throw new PlanError('IO_FORMAT_UNKNOWN', `Could not detect the file format - specify the ${p.mode ?? 'read'}er explicitly or rename file with a standard extension: '${p.file}'`);
  }
  return found;
}

function* run(p: IoParams, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  for (const _ of input) {
    rt.checkCancelled();
    if (p.mode === 'write') {
      throw new UnsupportedError('IO_WRITE_UNSUPPORTED', `Cannot run io('${p.file}').write(): writing graph files is not supported`);
    }
    const format = detect(p, p.reader);
    if (format === 'gryo') {
      throw new UnsupportedError('IO_GRYO_UNSUPPORTED', `Cannot read '${p.file}': the Gryo (kryo) format is not supported; use GraphSON or GraphML`);
    }
    const doc = PARSERS[format](readIoFile(p.file, { base: rt.ioBase }));
    writeDocument(rt.requireWriter('io'), doc);
  }
}

/**
 * The io() step.
 */
export const ioStep: StepDef<'io'> = {
  kind: 'io',
  category: 'side-effect',
  ops: ['io'],
  mutates: true,
  compile(ins, cc) {
    const [file] = ins.args;
    if (!cc.atStart) throw badArguments(ins, 'io() is a start step: use g.io(file)');
    if (ins.args.length !== 1 || typeof file !== 'string') throw badArguments(ins, 'expected io(file) with a file name');
    return { file, reader: undefined, writer: undefined, mode: undefined };
  },
  modulate(p, ins) {
    if (ins.op === 'read' || ins.op === 'write') {
      if (ins.args.length > 0) throw badArguments(ins, 'expected no arguments');
      if (p.mode !== undefined) throw new PlanError('STEP_ARGUMENTS', `Invalid ${ins.op}(): io() already has ${p.mode}()`);
      return { ...p, mode: ins.op };
    }
    if (ins.op !== 'with') throw new PlanError('UNSUPPORTED_MODULATOR', `The io() step does not accept ${ins.op}()`);
    const [k, v] = ins.args;
    const key = optionKey(k);
    if (key === undefined) throw new UnsupportedError('IO_OPTION', `Unsupported io() option ${describeArg(k)}: only IO.reader and IO.writer are supported`);
    const format = formatOf(v);
    if (ins.args.length !== 2 || format === undefined) throw badArguments(ins, `expected with(IO.${key}, IO.graphson | IO.graphml | IO.gryo) but got ${describeArg(v)}`);
    return { ...p, [key]: format };
  },
  run(p, input, rt) {
    if (p.mode === undefined) throw new PlanError('IO_MODE_MISSING', `Invalid io('${p.file}'): it must be followed by read() or write()`);
    return run(p, input, rt);
  },
  describe: (p) => `${p.file}, ${p.mode ?? ''}`,
};
