export default {
  home: {
    latestVideos: 'Latest videos',
  },
  empty: "Nothing here yet.",
}
