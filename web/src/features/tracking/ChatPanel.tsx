import { Box, Button, HStack, IconButton, Image, Input, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import {
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_NOT_AVAILABLE_MESSAGE,
  GEOLOCATION_TIMEOUT_MS,
  type ChatMessageDto,
} from '@freight/shared';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { FiImage, FiMapPin, FiSend } from 'react-icons/fi';
import { notify } from '../../components/ui/toaster';
import { formatUsDateTime } from '../../lib/dates';
import { useSubmit } from '../../lib/useSubmit';
import { selectUnreadFor, useChatUnreadStore } from '../../stores/chatUnread';
import { useLoadChatStore } from '../../stores/loadChat';
import { useLoadPhotosStore } from '../../stores/loadPhotos';
import { useCurrentUser } from '../../stores/session';
import { useTrackedLoadStore } from '../../stores/trackedLoad';
import { currentPosition, externalMapUrl } from './format';
import { hasChat } from './trackedLoadSession';

const CHAT_HEIGHT = '420px';
const NO_MESSAGES: ChatMessageDto[] = [];

function MessageBody({ message }: { message: ChatMessageDto }) {
  if (message.messageType === 'image' && message.imageUrl) {
    return (
      <Link href={message.imageUrl} target="_blank" rel="noopener noreferrer">
        <Image src={message.imageUrl} alt={message.message} maxH="200px" borderRadius="md" />
      </Link>
    );
  }
  if (message.messageType === 'location' && message.latitude != null && message.longitude != null) {
    return (
      <Stack gap="0">
        <Text whiteSpace="pre-wrap">{message.message}</Text>
        <Link
          href={externalMapUrl(message.latitude, message.longitude)}
          target="_blank"
          rel="noopener noreferrer"
          textDecoration="underline"
        >
          {message.latitude.toFixed(5)}, {message.longitude.toFixed(5)}
        </Link>
      </Stack>
    );
  }
  return (
    <Text whiteSpace="pre-wrap" wordBreak="break-word">
      {message.message}
    </Text>
  );
}

/** SPEC §2/§5: a fixed-height chat, newest at the bottom, older on scrolling up; Enter or the button sends. */
export function ChatPanel({ freightId, readOnly = false }: { freightId: string; readOnly?: boolean }) {
  const user = useCurrentUser();
  const messages = useLoadChatStore((s) => s.byId[freightId]?.data?.messages) ?? NO_MESSAGES;
  const chatStatus = useLoadChatStore((s) => s.byId[freightId]?.status ?? 'idle');
  const chatError = useLoadChatStore((s) => s.byId[freightId]?.error ?? null);
  const chatOpen = useTrackedLoadStore((s) => {
    const detail = s.byId[freightId]?.data;
    return !detail || hasChat(detail);
  });
  const hasOlder = useLoadChatStore((s) => s.byId[freightId]?.data?.hasOlder ?? false);
  const loadingOlder = useLoadChatStore((s) => s.loadingOlder);
  const loadOlder = useLoadChatStore((s) => s.loadOlder);
  const send = useLoadChatStore((s) => s.send);
  const uploadPhoto = useLoadPhotosStore((s) => s.uploadPhoto);
  const unread = useChatUnreadStore(selectUnreadFor(freightId));
  const markRead = useChatUnreadStore((s) => s.markRead);
  const [draft, setDraft] = useState('');
  // Sends show no success toast (the message appears in the list); a refusal says why.
  const sendText = useSubmit((text: string) => send(freightId, { message: text, messageType: 'text' }), {
    success: false,
    failure: 'refusal',
    resetOnSuccess: true,
    onSuccess: () => setDraft(''),
  });
  const shareImage = useSubmit(
    async (file: File) => {
      const form = new FormData();
      form.append('photoType', 'in_transit');
      form.append('photo', file);
      const photo = await uploadPhoto(freightId, form);
      await send(freightId, { message: 'Shared a photo', messageType: 'image', imageUrl: photo.photoUrl });
    },
    { success: false, failure: 'Failed to upload image', resetOnSuccess: true },
  );
  const shareLocation = useSubmit(
    async () => {
      const position = await currentPosition(GEOLOCATION_TIMEOUT_MS).catch(() => null);
      if (!position) {
        notify({ title: 'Location Error', description: 'Could not get current location', type: 'error' });
        return;
      }
      await send(freightId, {
        message: 'Shared my location',
        messageType: 'location',
        latitude: position.coords.latitude,
        longitude: position.coords.longitude,
      });
    },
    { success: false, failure: 'refusal', resetOnSuccess: true },
  );
  const sending = sendText.pending || shareImage.pending || shareLocation.pending;
  const scroller = useRef<HTMLDivElement>(null);
  const imageInput = useRef<HTMLInputElement>(null);
  const edges = useRef<{ first?: string; last?: string; height: number }>({ height: 0 });

  // New messages at the bottom scroll into view; older ones loaded at the top keep the view where it was.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const first = messages[0]?.id;
    const last = messages.at(-1)?.id;
    const prev = edges.current;
    if (prev.first && first !== prev.first && last === prev.last)
      el.scrollTop += el.scrollHeight - prev.height;
    else if (last !== prev.last) el.scrollTop = el.scrollHeight;
    edges.current = { first, last, height: el.scrollHeight };
  }, [messages]);

  // Open on screen: what arrives is read (the navigation's count for this load drops to 0).
  useEffect(() => {
    if (chatStatus === 'loaded' && unread > 0) void markRead(freightId);
  }, [chatStatus, unread, markRead, freightId]);

  // Before the load is booked there is no chat, and nothing asks for it (issue 23).
  if (!chatOpen) {
    return (
      <Text color="gray.600" py="4" data-testid="chat-unavailable">
        {CHAT_NOT_AVAILABLE_MESSAGE}
      </Text>
    );
  }
  // Unavailable until booking (409), or failed: the server's reason.
  if (chatStatus === 'failed' && chatError) {
    return (
      <Text color="gray.600" py="4" data-testid="chat-unavailable">
        {chatError}
      </Text>
    );
  }

  const loadOlderMessages = () => loadOlder(freightId);

  const submitDraft = () => {
    const text = draft.trim();
    if (!text || sending) return;
    void sendText.submit(text);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submitDraft();
    }
  };

  const pickImage = async (file: File | undefined) => {
    if (!file) return;
    await shareImage.submit(file);
    if (imageInput.current) imageInput.current.value = '';
  };

  return (
    <Stack gap="3">
      <Box
        ref={scroller}
        data-testid="chat-messages"
        height={CHAT_HEIGHT}
        overflowY="auto"
        borderWidth="1px"
        borderRadius="md"
        bg="white"
        p="3"
        onScroll={(e) => {
          if (e.currentTarget.scrollTop < 40 && hasOlder) void loadOlderMessages();
        }}
      >
        {chatStatus === 'loading' && messages.length === 0 ? (
          <Spinner size="sm" role="status" aria-label="Loading messages" />
        ) : (
          <Stack gap="2">
            {hasOlder && (
              <Button
                size="xs"
                variant="ghost"
                alignSelf="center"
                loading={loadingOlder}
                onClick={() => void loadOlderMessages()}
              >
                Load older messages
              </Button>
            )}
            {messages.length === 0 && (
              <Text color="gray.500" fontSize="sm" textAlign="center" py="6">
                No messages yet. Say hello!
              </Text>
            )}
            {messages.map((m) => {
              const mine = m.userId === user?.id;
              return (
                <Stack
                  key={m.id}
                  data-testid="chat-message"
                  alignSelf={mine ? 'flex-end' : 'flex-start'}
                  maxW="80%"
                  gap="0.5"
                  align={mine ? 'flex-end' : 'flex-start'}
                >
                  <Text fontSize="xs" color="gray.500">
                    {mine ? 'You' : `${m.user.firstName} ${m.user.lastName}`.trim()} ·{' '}
                    {formatUsDateTime(m.createdAt)}
                  </Text>
                  <Box
                    bg={mine ? 'blue.500' : 'gray.100'}
                    color={mine ? 'white' : 'gray.900'}
                    px="3"
                    py="2"
                    borderRadius="lg"
                  >
                    <MessageBody message={m} />
                  </Box>
                </Stack>
              );
            })}
          </Stack>
        )}
      </Box>
      {readOnly ? (
        <Text fontSize="sm" color="gray.600" data-testid="chat-read-only">
          You can read this chat; only the load&apos;s participants can post in it.
        </Text>
      ) : (
        <HStack gap="2">
          <input
            ref={imageInput}
            type="file"
            accept="image/*"
            hidden
            onChange={(e) => void pickImage(e.currentTarget.files?.[0])}
          />
          <IconButton
            aria-label="Send an image"
            variant="outline"
            disabled={sending}
            onClick={() => imageInput.current?.click()}
          >
            <FiImage />
          </IconButton>
          <IconButton
            aria-label="Share my location"
            variant="outline"
            disabled={sending}
            onClick={() => void shareLocation.submit()}
          >
            <FiMapPin />
          </IconButton>
          <Input
            aria-label="Message"
            placeholder="Type a message..."
            value={draft}
            maxLength={CHAT_MESSAGE_MAX_LENGTH}
            onChange={(e) => setDraft(e.currentTarget.value)}
            onKeyDown={onKeyDown}
          />
          <Button
            colorPalette="blue"
            onClick={() => submitDraft()}
            disabled={!draft.trim()}
            loading={sending}
            aria-label="Send"
          >
            <FiSend aria-hidden />
          </Button>
        </HStack>
      )}
    </Stack>
  );
}
