// Who works at the desk: signing in, unlocking, locking and signing out.
import type { StaffSession } from '../../staff/staff-session.js';
import { OK, type HandlersOf } from './group.js';

export interface StaffHandlerDeps {
  staff: StaffSession;
  statusChanged(): void;
}

export function staffHandlers({ staff, statusChanged }: StaffHandlerDeps): HandlersOf<'staff'> {
  return {
    'staff.beginSignIn': () => staff.beginSignIn(),
    'staff.cancelSignIn': () => {
      staff.cancelSignIn();
      statusChanged();
      return OK;
    },
    'staff.known': () => staff.known(),
    'staff.unlock': async ({ userId, passphrase }) => {
      await staff.unlockWithPassphrase(userId, passphrase);
      return OK;
    },
    'staff.setPassphrase': async ({ passphrase }) => {
      await staff.setPassphrase(passphrase);
      return OK;
    },
    'staff.lock': () => {
      staff.lock();
      return OK;
    },
    'staff.signOut': () => {
      staff.signOut();
      return OK;
    },
    'staff.activity': () => {
      staff.activity();
      return OK;
    },
  };
}
