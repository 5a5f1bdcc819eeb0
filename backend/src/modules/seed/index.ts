/**
 * Public file of the seed module: the first-start data step. It composes the modules' seeds
 * (menus, dictionaries, demo news) with the department tree, jobs, roles and users; the composition
 * root hands it to the kernel's prepareDatabase.
 */
export { seedDemoData } from './seed.js';
