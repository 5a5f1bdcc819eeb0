// Unit project setup: the zone global-setup.mjs pins for the e2e suites (date rules are written for it).
// Assigning TZ at run time resets Node's zone cache, so this works before any test code runs.
process.env.TZ = process.env.TZ || 'Asia/Shanghai';
