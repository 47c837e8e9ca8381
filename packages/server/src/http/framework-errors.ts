import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

// The answers Node and Fastify give before any route runs (URL parameter too long, malformed URL, headers too
// large, client timeout) in the API's own French error shape `{message}` instead of their English JSON.

const FRENCH: Record<number, string> = {
  400: 'Requête invalide.',
  408: 'La requête a pris trop de temps.',
  414: 'Adresse trop longue.',
  431: 'En-têtes de la requête trop volumineux.',
};

/** Fastify `frameworkErrors`: a path parameter over maxParamLength (414), a malformed URL component (400). */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  void reply.status(status).send({ message: FRENCH[status] });
}

/** Fastify `clientErrorHandler`: Node refused the request itself (the socket is answered by hand, then closed). */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify({ message: FRENCH[status] });
  const reason = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' }[status];
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
