import { chatMessageSchema, chatQuerySchema, chatReadSchema } from '@freight/shared';
import { Router } from 'express';
import { currentActor, requireUser } from '../../../http/auth';
import { validate } from '../../../http/validate';
import { getChat, markChatRead, sendChatMessage, unreadCounts } from './service';

/** A load's chat: messages, read marks, and the unread counts of every load the user takes part in. */
export function chatRoutes(): Router {
  const router = Router();
  router.get('/tracking/unread', async (req, res) => {
    res.json(await unreadCounts(currentActor(req)));
  });

  const chatPage = validate({ query: chatQuerySchema });
  router.get('/freight/:id/chat', requireUser, chatPage, async (req, res) => {
    res.json(await getChat(currentActor(req), String(req.params.id), chatPage.input(res).query));
  });

  const chatMessage = validate({ body: chatMessageSchema });
  router.post('/freight/:id/chat/message', requireUser, chatMessage, async (req, res) => {
    const { message, created } = await sendChatMessage(
      currentActor(req),
      String(req.params.id),
      chatMessage.input(res).body,
    );
    res.status(created ? 201 : 200).json(message);
  });

  const chatRead = validate({ body: chatReadSchema });
  router.post('/freight/:id/chat/read', requireUser, chatRead, async (req, res) => {
    const { seq } = chatRead.input(res).body;
    res.json(await markChatRead(currentActor(req), String(req.params.id), seq));
  });
  return router;
}
