/**
 * Search engines, link previews and prerender services: they get pages without the age gate
 * (spec section 2) so what they index and show is the page itself.
 */
const CRAWLER_USER_AGENT =
  /bot\b|bot\/|crawler|spider|crawling|prerender|slurp|bingpreview|facebookexternalhit|embedly|quora link preview|whatsapp|telegrambot|discordbot|twitterbot|linkedinbot|pinterest/i

export function isCrawler(userAgent: string | undefined): boolean {
  return !!userAgent && CRAWLER_USER_AGENT.test(userAgent)
}
