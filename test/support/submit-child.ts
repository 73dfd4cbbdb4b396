// A core in a child process that submits one document draft with a crash armed at one step of the
// submit (test/support/submit-faults.ts): the process is SIGKILLed when the step is reached. It
// prints `submitted` if the submit got through without reaching the step.
// Usage: node --import tsx test/support/submit-child.ts <dataDir> <serviceUrl> <clientId> <clientSecret> <draftId> <step> < secrets.json
import { createCore } from '../../electron/core/index.js';
import { memorySecretStores, type SecretSnapshot } from './memory-secret-store.js';
import { armSubmitFault, SUBMIT_STEPS, type SubmitStep } from './submit-faults.js';

const [dataDir, url, clientId, clientSecret, draftId, step] = process.argv.slice(2);
if (
  !dataDir ||
  !url ||
  !clientId ||
  !clientSecret ||
  !draftId ||
  !SUBMIT_STEPS.includes(step as SubmitStep)
) {
  console.error(
    'usage: submit-child <dataDir> <serviceUrl> <clientId> <clientSecret> <draftId> <step> < secrets.json',
  );
  process.exit(2);
}

let input = '';
for await (const chunk of process.stdin) input += String(chunk);
const secrets = memorySecretStores(JSON.parse(input) as SecretSnapshot);

const core = await createCore({
  dataDir,
  secretStore: secrets,
  sandbox: { url, clientId, clientSecret },
  startQueue: false,
});
armSubmitFault(core, step as SubmitStep, 'kill');
await core.internals.drafts.submit(draftId, [{ groupId: 1, typeId: 1 }], 'Seam.pdf');
process.stdout.write('submitted\n');
await core.shutdown();
