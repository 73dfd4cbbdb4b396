// Every command-line entry: --help prints the usage, an unknown or malformed flag is one line.
import { parseArgs } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseCommandLine } from '../../../shared/cli/command-line.js';

const FLAGS = {
  port: { type: 'string', help: 'PORT  port' },
  quiet: { type: 'boolean', help: 'say less' },
} as const;
const parse = (args: string[]) => parseCommandLine(parseArgs, args, 'demo', 'A demo command.', FLAGS);

describe('parseCommandLine', () => {
  it('answers --help with every flag', () => {
    const answer = parse(['--help']);
    expect(answer.kind).toBe('help');
    expect(answer.kind === 'help' && answer.text).toContain('--port PORT  port');
    expect(answer.kind === 'help' && answer.text).toContain('--quiet  say less');
  });

  it.each([
    [['--nope'], "demo: Unknown option '--nope'. Run demo --help for the options."],
    [['--port'], "demo: Option '--port <value>' argument missing. Run demo --help for the options."],
    [
      ['stray'],
      "demo: Unexpected argument 'stray'. This command does not take positional arguments. Run demo --help for the options.",
    ],
  ])('refuses %j in one line', (args, message) => {
    expect(parse(args)).toEqual({ kind: 'refused', message });
  });

  it('gives the values of known flags', () => {
    expect(parse(['--port', '0', '--quiet'])).toEqual({ kind: 'run', values: { port: '0', quiet: true } });
  });
});
