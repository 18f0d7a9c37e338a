import type { VideoSource } from "./background-video";

/**
 * The shop banner's background video: a file under public/ (`{kind:"file", src:"/videos/tienda.mp4"}`) or
 * an embedded video by id (`{kind:"embed", id:"…"}`). None ships with the repository, so the banner shows
 * its dark background until someone adds one here.
 */
export const SHOP_BANNER_VIDEO: VideoSource | null = null;
