// Fixed RFC 4122 version-4 identifiers used across the example tables.
export const ENTITY_ID = '3f2b8c1e-7a4d-4c2b-9e1f-0a1b2c3d4e5f';
export const UBO_ID = '8d6e4f2a-1b3c-4d5e-8f90-a1b2c3d4e5f6';
export const UBO_ID_2 = 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e';
export const TRUST_ID = 'c0ffee00-1234-4abc-9def-0123456789ab';
export const USER_ID = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
export const PARTNER_ID = '5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9';
export const INDIVIDUAL_ID = '9a8b7c6d-5e4f-4a3b-b2c1-d0e9f8a7b6c5';
export const EVENT_ID = '7b3e9f10-2c4d-4e5f-8a6b-1c2d3e4f5a6b';
