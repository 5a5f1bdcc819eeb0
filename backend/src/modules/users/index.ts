/** Public file of the users module: what other modules may import (the boundary lint rule allows nothing else). */
export { UsersModule } from './users.module.js';
export { UsersService } from './users.service.js';
export { LoginLockout } from './login-lockout.service.js';
export { UserDto } from './user.dto.js';
export { UsersPrincipalSource } from './principal.source.js';
