import type { AppContext, Auth, RouteAccess } from '../core/context.js';

// Fastify's view of the application: the context on the instance, who is calling on the request, and each
// route's access policy in its config (the types themselves live in core/context.ts, below every layer).
declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    auth: Auth | null;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}
