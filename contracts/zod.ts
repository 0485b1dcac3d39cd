import { z } from 'zod';

/**
 * Every contract imports zod from here: the Chinese locale makes zod's built-in messages
 * ("Invalid input" and the like) Chinese wherever a schema did not name its own message.
 */
z.config(z.locales.zhCN());

export { z };
