import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

// Every schema in the contracts can carry OpenAPI metadata (.openapi(...)); extend once, here.
extendZodWithOpenApi(z);

export { z };
