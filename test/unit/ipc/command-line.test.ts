// Every command-line entry: --help prints the usage, an unknown or malformed flag is one line.
import { parseArgs } from 'node:util';
import fc from 'fast-check';
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
      ['--port', '--quiet'],
      "demo: Option '--port' argument is ambiguous. Did you forget to specify the option argument for '--port'? To specify an option argument starting with a dash use '--port=-XYZ'. Run demo --help for the options.",
    ],
    [
      ['--port', '--'],
      "demo: Option '--port' argument is ambiguous. Did you forget to specify the option argument for '--port'? To specify an option argument starting with a dash use '--port=-XYZ'. Run demo --help for the options.",
    ],
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

  it('takes the word after a string flag as its value, whatever it begins with', () => {
    const word = fc.oneof(
      fc.string(),
      fc.string().map((rest) => `-${rest}`),
    );
    const notAFlag = word.filter((value) => value !== '--' && !/^--(port|quiet|help)(=|$)/.test(value));
    fc.assert(
      fc.property(notAFlag, fc.boolean(), (value, quiet) => {
        const args = ['--port', value, ...(quiet ? ['--quiet'] : [])];
        expect(parse(args)).toEqual({
          kind: 'run',
          values: { port: value, ...(quiet ? { quiet: true } : {}) },
        });
      }),
    );
  });

  it('takes a secret that begins with a dash, as a generated one may', () => {
    expect(parse(['--port', '-Xk9_d', '--quiet'])).toEqual({
      kind: 'run',
      values: { port: '-Xk9_d', quiet: true },
    });
  });
});
