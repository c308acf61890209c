import { Box, Button, Card, Heading, HStack, Image, Input, Link, Stack, Text } from '@chakra-ui/react';
import { CHAT_MESSAGE_MAX_LENGTH, type ShipmentMessageDto } from '@freight/shared';
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { FiSend } from 'react-icons/fi';
import { formatUsDateTime } from '../../lib/dates';
import { useSubmit } from '../../lib/useSubmit';
import { useCurrentUser } from '../../stores/session';
import { useShipmentWorkspaceStore } from '../../stores/shipmentWorkspace';

const NO_MESSAGES: ShipmentMessageDto[] = [];

/** The customer and the driver talk here; messages arrive live (the room shipment:<id>). */
export function ShipmentChat({ shipmentId, readOnly }: { shipmentId: string; readOnly: boolean }) {
  const user = useCurrentUser();
  const messages = useShipmentWorkspaceStore((s) => s.byId[shipmentId]?.data?.messages) ?? NO_MESSAGES;
  const unavailable = useShipmentWorkspaceStore((s) => s.byId[shipmentId]?.data?.chatUnavailable ?? null);
  const send = useShipmentWorkspaceStore((s) => s.send);
  const [draft, setDraft] = useState('');
  const scroller = useRef<HTMLDivElement>(null);
  const { submit, pending } = useSubmit((text: string) => send(shipmentId, text), {
    success: false,
    failure: 'refusal',
    resetOnSuccess: true,
    onSuccess: () => setDraft(''),
  });

  // The newest message stays in view.
  const last = messages.at(-1)?.id;
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [last]);

  const submitDraft = () => {
    const text = draft.trim();
    if (!text || pending) return;
    void submit(text);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submitDraft();
    }
  };

  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="md">
          Chat
        </Heading>
      </Card.Header>
      <Card.Body gap="3" pt="0">
        {unavailable ? (
          <Text color="gray.600">{unavailable}</Text>
        ) : (
          <Box
            ref={scroller}
            data-testid="shipment-chat"
            height={{ base: '320px', md: '380px' }}
            overflowY="auto"
            borderWidth="1px"
            borderRadius="md"
            p="3"
          >
            <Stack gap="2">
              {messages.length === 0 && (
                <Text color="gray.600" fontSize="sm" textAlign="center" py="6">
                  No messages yet. Agree on the pickup time here.
                </Text>
              )}
              {messages.map((m) => {
                const mine = m.userId === user?.id;
                return (
                  <Stack
                    key={m.id}
                    data-testid="shipment-chat-message"
                    alignSelf={mine ? 'flex-end' : 'flex-start'}
                    align={mine ? 'flex-end' : 'flex-start'}
                    maxW="85%"
                    gap="0.5"
                  >
                    <Text fontSize="xs" color="gray.600">
                      {mine ? 'You' : m.userName} · {formatUsDateTime(m.createdAt)}
                    </Text>
                    <Box
                      bg={mine ? 'blue.600' : 'gray.100'}
                      color={mine ? 'white' : 'gray.900'}
                      px="3"
                      py="2"
                      borderRadius="lg"
                    >
                      {m.messageType === 'image' && m.imageUrl ? (
                        <Link href={m.imageUrl} target="_blank" rel="noopener noreferrer">
                          <Image src={m.imageUrl} alt={m.message} maxH="200px" borderRadius="md" />
                        </Link>
                      ) : (
                        <Text whiteSpace="pre-wrap" wordBreak="break-word">
                          {m.message}
                        </Text>
                      )}
                    </Box>
                  </Stack>
                );
              })}
            </Stack>
          </Box>
        )}
        {readOnly ? (
          <Text fontSize="sm" color="gray.600">
            You can read this chat; only the customer and the driver can post in it.
          </Text>
        ) : (
          !unavailable && (
            <HStack gap="2">
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
                aria-label="Send"
                loading={pending}
                disabled={!draft.trim()}
                onClick={submitDraft}
              >
                <FiSend aria-hidden />
              </Button>
            </HStack>
          )
        )}
      </Card.Body>
    </Card.Root>
  );
}
