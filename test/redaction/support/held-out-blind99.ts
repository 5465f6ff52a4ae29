/** A ninety-ninth held-out batch, written blind: streaming, broadcast and self-hosted media stacks as people paste them (OBS and obs-websocket, RTMP/RTMPS/SRT ingest keys, Icecast/Liquidsoap, Plex, Jellyfin/Emby, the *arr stack, download clients, Usenet, Immich/PhotoPrism/Nextcloud, home-lab compose, Tailscale), with look-alikes from the same world: public ids, hashes, keyless URLs and env references. */
export const BLIND99_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'n99-obs-websocket-v5-plugin-config-json',
    '$ cat ~/.config/obs-studio/plugin_config/obs-websocket/config.json\n{\n  "alerts_enabled": false,\n  "auth_required": true,\n  "first_load": false,\n  "server_enabled": true,\n  "server_password": "«{a16}»",\n  "server_port": 4455\n}',
  ],
  [
    'n99-obs-global-ini-obswebsocket-section',
    '[OBSWebSocket]\nFirstLoad=false\nServerEnabled=true\nServerPort=4455\nAlertsEnabled=false\nAuthRequired=true\nServerPassword=«{a16}»',
  ],
  [
    'n99-obsws-url-in-streamerbot-chat',
    'ok streamer.bot finally connects if I give it the full url: obsws://192.168.1.42:4455/«{a16}» — without the password part it just sits on "Identifying"',
  ],
  [
    'n99-obs-cmd-websocket-flag-scene-switch',
    '$ obs-cmd --websocket obsws://localhost:4455/«{a20}» scene switch "BRB"\nSwitched to scene: BRB',
  ],
  [
    'n99-obsws-python-reqclient-password-kwarg',
    'import obsws_python as obs\n\ncl = obs.ReqClient(host="10.0.0.15", port=4455, password="«{a16}»", timeout=3)\nprint(cl.get_version().obs_version)',
  ],
  [
    'n99-obs-websocket-js-connect-second-arg',
    "import OBSWebSocket from 'obs-websocket-js';\nconst obs = new OBSWebSocket();\nconst { obsWebSocketVersion } = await obs.connect('ws://127.0.0.1:4455', '«{a16}»', { rpcVersion: 1 });\nconsole.log(`connected to obs-websocket ${obsWebSocketVersion}`);",
  ],
  [
    'n99-obs-service-json-twitch-rtmp-common',
    '{\n    "settings": {\n        "bwtest": false,\n        "key": "«live_{d9}_{a30}»",\n        "server": "auto",\n        "service": "Twitch"\n    },\n    "type": "rtmp_common"\n}',
  ],
  [
    'n99-obs-service-json-custom-owncast-server',
    '# ~/.config/obs-studio/basic/profiles/Owncast/service.json\n{"settings":{"bwtest":false,"key":"«{a24}»","server":"rtmp://stream.home.lan:1935/live","use_auth":false},"type":"rtmp_custom"}',
  ],
  [
    'n99-obs-service-json-custom-use-auth-username-password',
    '{\n  "type": "rtmp_custom",\n  "settings": {\n    "server": "rtmp://ingest.studio.internal/live",\n    "key": "church-main",\n    "use_auth": true,\n    "username": "sunday",\n    "password": "«{a18}»"\n  }\n}',
  ],
  [
    'n99-obs-launch-websocket-password-flag',
    'obs --startstreaming --minimize-to-tray --websocket_port 4455 --websocket_password «{a20}» --profile "Twitch 1080p60"',
  ],
  [
    'n99-obs-websocket-connect-info-dialog-copy',
    'Copied from Tools > WebSocket Server Settings > Show Connect Info:\nServer IP: 192.168.50.12\nServer Port: 4455\nServer Password: «{a16}»',
  ],
  [
    'n99-obs-multi-rtmp-plugin-targets-json',
    '"targets": [\n  { "name": "YouTube", "service-param": { "server": "rtmp://a.rtmp.youtube.com/live2", "key": "«{l4}-{l4}-{l4}-{l4}-{l4}»" } },\n  { "name": "Kick", "service-param": { "server": "rtmps://fa723fc1b171.global-contribute.live-video.net:443/app/", "key": "«sk_us-west-2_{a12}_{a30}»" } }\n]',
  ],
  [
    'n99-obs-home-assistant-obs-websocket-yaml',
    '# configuration.yaml (custom integration)\nobs_websocket:\n  host: 192.168.1.30\n  port: 4455\n  password: «{a16}»',
  ],
  [
    'n99-obs-streamdeck-plugin-settings-json',
    '{"Action":"com.obsproject.obs-studio.scene","Settings":{"ip":"127.0.0.1","port":"4455","password":"«{a20}»","scene":"Just Chatting"}}',
  ],
  ['n99-obs-touch-portal-plugin-ini', '[OBS]\nHost=localhost\nPort=4455\nPassword=«{a16}»\nAutoConnect=1'],
  [
    'n99-twitch-key-ffmpeg-flv-output',
    'ffmpeg -re -stream_loop -1 -i loop.mp4 -c:v libx264 -preset veryfast -b:v 6000k -maxrate 6000k -bufsize 12000k -g 120 -c:a aac -b:a 160k -f flv rtmp://live-fra.twitch.tv/app/«live_{d9}_{a30}»',
  ],
  [
    'n99-twitch-key-bandwidthtest-suffix',
    'tried the bandwidth test like the docs say: rtmp://live-ams.twitch.tv/app/«live_{d8}_{a30}»?bandwidthtest=true — OBS still drops frames',
  ],
  [
    'n99-twitch-key-dotenv-stream-key',
    '# .env for restream container\nTWITCH_INGEST=rtmp://live-lhr.twitch.tv/app\nTWITCH_STREAM_KEY=«live_{d9}_{a30}»\nOUTPUT_BITRATE=6000k',
  ],
  [
    'n99-twitch-key-nginx-rtmp-push',
    'application live {\n    live on;\n    record off;\n    push rtmp://live-cdg.twitch.tv/app/«live_{d9}_{a30}»;\n}',
  ],
  [
    'n99-twitch-irc-oauth-pass-line',
    '< :tmi.twitch.tv CAP * ACK :twitch.tv/tags twitch.tv/commands\n> PASS «oauth:{l30}»\n> NICK nightbot_clone\n< :tmi.twitch.tv 001 nightbot_clone :Welcome, GLHF!',
  ],
  [
    'n99-twitch-helix-bearer-with-public-client-id',
    'curl -s -H "Client-Id: {l30}" -H "Authorization: Bearer «{l30}»" "https://api.twitch.tv/helix/streams?user_login=shroud"',
  ],
  [
    'n99-twitch-eventsub-webhook-secret-json',
    '{\n  "type": "stream.online",\n  "version": "1",\n  "condition": { "broadcaster_user_id": "{d9}" },\n  "transport": { "method": "webhook", "callback": "https://bot.lab.example.net/eventsub", "secret": "«{a32}»" }\n}',
  ],
  [
    'n99-twitch-chatbot-tmi-js-identity',
    "const client = new tmi.Client({\n  options: { debug: true },\n  identity: { username: 'modbot_2000', password: '«oauth:{l30}»' },\n  channels: ['mychannel'],\n});",
  ],
  [
    'n99-twitch-key-prose-discord-help',
    'my OBS says "Failed to connect" — server is rtmp://live-sea.twitch.tv/app and key «live_{d9}_{a30}», is the sea ingest down or is it me',
  ],
  [
    'n99-twitch-key-gstreamer-rtmpsink-location',
    'gst-launch-1.0 videotestsrc is-live=true ! x264enc bitrate=4500 tune=zerolatency ! flvmux streamable=true name=mux ! rtmpsink location="rtmp://live.twitch.tv/app/«live_{d9}_{a30}» live=1"',
  ],
  [
    'n99-youtube-key-ffmpeg-rtmps-live2',
    'ffmpeg -f v4l2 -i /dev/video0 -f alsa -i hw:1 -c:v libx264 -b:v 4500k -c:a aac -f flv "rtmps://a.rtmps.youtube.com:443/live2/«{l4}-{l4}-{l4}-{l4}-{l4}»"',
  ],
  [
    'n99-youtube-key-backup-ingest-query',
    'primary: rtmp://a.rtmp.youtube.com/live2/«{l4}-{l4}-{l4}-{l4}-{l4}»\nbackup:  rtmp://b.rtmp.youtube.com/live2?backup=1/«{l4}-{l4}-{l4}-{l4}-{l4}»',
  ],
  [
    'n99-youtube-key-nginx-push-with-comment',
    '    # simulcast\n    push rtmp://a.rtmp.youtube.com/live2/«{l4}-{l4}-{l4}-{l4}-{l4}»;  # main channel\n    push rtmp://127.0.0.1:1936/twitch;',
  ],
  ['n99-youtube-data-api-key-chat-overlay-env', 'YT_CHANNEL_ID=UC{B22}\nYT_API_KEY=«AIza{B35}»\nPOLL_INTERVAL_MS=5000'],
  [
    'n99-youtube-key-restreamer-yaml-outputs',
    'outputs:\n  - name: youtube\n    url: rtmp://a.rtmp.youtube.com/live2\n    key: «{l4}-{l4}-{l4}-{l4}-{l4}»\n  - name: local-record\n    url: file:///recordings/%Y-%m-%d.flv',
  ],
  [
    'n99-facebook-live-rtmps-key-ffmpeg',
    'ffmpeg -re -i show.mp4 -c:v libx264 -preset veryfast -b:v 4000k -c:a aac -ar 44100 -f flv "rtmps://live-api-s.facebook.com:443/rtmp/«FB-{d15}-0-Ab{a24}»"',
  ],
  [
    'n99-facebook-live-key-with-a-param',
    'Stream key from Live Producer (persistent):\n«FB-{d16}-0-Ab{a20}»?s_bl=1&s_psm=1&s_sc={d16}&s_sw=0&s_vt=api-s&a=«Ab{a22}»',
  ],
  [
    'n99-facebook-live-key-obs-json',
    '{"settings":{"bwtest":false,"key":"«FB-{d15}-0-Ab{a26}»","server":"rtmps://live-api-s.facebook.com:443/rtmp/","service":"Facebook Live"},"type":"rtmp_common"}',
  ],
  [
    'n99-kick-stream-key-ffmpeg-rtmps',
    'ffmpeg -i udp://127.0.0.1:5000 -c copy -f flv rtmps://fa723fc1b171.global-contribute.live-video.net:443/app/«sk_us-west-2_{a12}_{a30}»',
  ],
  [
    'n99-kick-stream-key-prose-settings-page',
    'Kick dashboard > Settings > Stream URL & Key. URL rtmps://fa723fc1b171.global-contribute.live-video.net and key is «sk_us-west-2_{a12}_{a30}» — OBS says invalid path??',
  ],
  [
    'n99-aws-ivs-stream-key-cli-output',
    '$ aws ivs create-stream-key --channel-arn arn:aws:ivs:eu-west-1:{d12}:channel/{a12}\n{\n    "streamKey": {\n        "arn": "arn:aws:ivs:eu-west-1:{d12}:stream-key/{a12}",\n        "value": "«sk_eu-west-1_{a12}_{a30}»",\n        "channelArn": "arn:aws:ivs:eu-west-1:{d12}:channel/{a12}"\n    }\n}',
  ],
  [
    'n99-restream-key-ffmpeg-tee-muxer',
    'ffmpeg -i input.mkv -map 0 -c:v libx264 -c:a aac -f tee "[f=flv]rtmp://live.restream.io/live/«re_{d7}_{h20}»|[f=flv]rtmp://localhost/record/show"',
  ],
  [
    'n99-restream-key-chat-prose',
    'restream.io gave me «re_{d7}_{h20}» as the key; pasted into OBS custom server rtmp://eu.restream.io/live and it connects fine',
  ],
  ['n99-owncast-stream-key-rtmp-url-ffmpeg', 'ffmpeg -re -i /media/loops/lofi.mp4 -c copy -f flv rtmp://owncast.lab.lan:1935/live/«{a24}»'],
  [
    'n99-owncast-cli-streamkey-flag',
    '$ ./owncast -webserverport 8080 -streamkey «{a20}»\nINFO[2024-05-11T20:14:02Z] Owncast v0.1.3-linux-64bit (737dbf9)\nINFO[2024-05-11T20:14:02Z] Web server is listening on port 8080.',
  ],
  [
    'n99-owncast-admin-api-basic-auth-curl',
    'curl -u admin:«{a20}» -X POST http://owncast.local:8080/api/admin/config/name -d \'{"value":"Lab Radio"}\' ',
  ],
  [
    'n99-owncast-integration-access-token-bearer',
    'curl -X POST https://live.mydomain.tv/api/integrations/chat/system \\\n  -H "Authorization: Bearer «{B43}=»" \\\n  -d \'{"body":"Stream starts in 5 minutes!"}\' ',
  ],
  [
    'n99-nginx-rtmp-on-publish-php-key-check',
    "<?php\n// called by nginx-rtmp on_publish http://127.0.0.1/auth.php;\nif ($_POST['name'] === 'main' && $_POST['key'] === '«{a24}»') {\n    http_response_code(201);\n    exit;\n}\nhttp_response_code(404);",
  ],
  [
    'n99-nginx-rtmp-publish-url-with-key-query',
    'OBS server: rtmp://rtmp.myhost.net/live\nStream key: studio?key=«{a24}»\n(on_publish checks the key arg against the one in auth.conf)',
  ],
  [
    'n99-nginx-rtmp-exec-ffmpeg-with-key',
    'application ingest {\n    live on;\n    exec ffmpeg -i rtmp://localhost/ingest/$name -c:v libx264 -b:v 2500k -f flv rtmp://live.restream.io/live/«re_{d7}_{h20}» 2>>/var/log/ffmpeg-$name.log;\n}',
  ],
  [
    'n99-nginx-rtmp-on-publish-flask-secret',
    'STREAM_SECRETS = {\n    "main": "«{a28}»",\n}\n\n@app.post("/on_publish")\ndef on_publish():\n    return ("", 201) if STREAM_SECRETS.get(request.form["name"]) == request.form.get("secret") else ("", 403)',
  ],
  [
    'n99-nginx-rtmp-access-log-key-arg',
    '192.168.1.77 [12/May/2024:21:03:11 +0000] PUBLISH "live" "main" "key=«{a24}»" - 1048576 409 "" "FMLE/3.0 (compatible; FMSc/1.0)" (4m 12s)',
  ],
  [
    'n99-mediamtx-auth-internal-users-pass',
    'authInternalUsers:\n  - user: publisher\n    pass: «{a20}»\n    ips: []\n    permissions:\n      - action: publish\n        path: cams/~^.*$',
  ],
  [
    'n99-mediamtx-legacy-path-publish-read-pass',
    'paths:\n  studio:\n    publishUser: obs\n    publishPass: «{a18}»\n    readUser: viewer\n    readPass: «{a14}»',
  ],
  [
    'n99-mediamtx-env-camera-source-rtsp-creds',
    '    environment:\n      - MTX_PATHS_DRIVEWAY_SOURCE=rtsp://admin:«{a14}»@192.168.1.64:554/Streaming/Channels/101\n      - MTX_PROTOCOLS=tcp',
  ],
  [
    'n99-ffmpeg-rtsp-camera-input-creds',
    'ffmpeg -rtsp_transport tcp -i "rtsp://viewer:«{a16}»@10.10.0.21:554/cam/realmonitor?channel=1&subtype=0" -c copy -f segment -segment_time 300 -reset_timestamps 1 /rec/porch-%03d.mkv',
  ],
  [
    'n99-mediamtx-srt-streamid-publish-user-pass',
    'ffmpeg -re -i in.ts -c copy -f mpegts "srt://mtx.lab.lan:8890?streamid=publish:live/main:obs:«{a18}»&pkt_size=1316"',
  ],
  [
    'n99-rtsp-simple-server-yml-rtsp-source',
    'paths:\n  garage:\n    source: rtsp://admin:«{a16}»@192.168.20.11:554/h264Preview_01_main\n    sourceOnDemand: yes',
  ],
  [
    'n99-srt-passphrase-ffmpeg-caller',
    'ffmpeg -re -i program.ts -c copy -f mpegts "srt://203.0.113.40:9000?mode=caller&latency=200000&pbkeylen=16&passphrase=«{a20}»"',
  ],
  ['n99-srt-passphrase-srt-live-transmit', 'srt-live-transmit "udp://:5000" "srt://:9000?mode=listener&passphrase=«{a24}»&pbkeylen=32" -v'],
  [
    'n99-srt-obs-custom-server-streamid-passphrase',
    'OBS > Settings > Stream > Custom:\nServer: srt://ingest.venue.tv:10080?streamid=#!::r=live/stage1,m=publish&passphrase=«{a20}»&latency=2000000\nStream Key: (leave empty)',
  ],
  [
    'n99-cloudflare-stream-live-input-json',
    '"rtmps": { "url": "rtmps://live.cloudflare.com:443/live/", "streamKey": "«{h32}k{h32}»" },\n"srt": { "url": "srt://live.cloudflare.com:778", "streamId": "{h32}", "passphrase": "«{h32}k{h32}»" }',
  ],
  [
    'n99-srs-config-http-hooks-secret-param',
    'vhost __defaultVhost__ {\n    http_hooks {\n        enabled on;\n        on_publish http://127.0.0.1:8085/api/v1/streams?token=«{a32}»;\n    }\n}',
  ],
  [
    'n99-mux-live-stream-key-curl-response',
    '$ curl -s -u $MUX_TOKEN_ID:$MUX_TOKEN_SECRET https://api.mux.com/video/v1/live-streams/{a32} | jq .data.stream_key\n"«{h8}-{h4}-{h4}-{h4}-{h12}»"',
  ],
  [
    'n99-wowza-source-auth-rtmp-url',
    'ffmpeg -i camera.sdp -c:v copy -c:a aac -f flv "rtmp://encoder01:«{a16}»@wowza.broadcast.local:1935/live/program"',
  ],
  [
    'n99-datarhei-restreamer-core-api-password',
    '  restreamer:\n    image: datarhei/restreamer:2.12.0\n    environment:\n      - CORE_API_AUTH_USERNAME=admin\n      - CORE_API_AUTH_PASSWORD=«{a22}»',
  ],
  [
    'n99-icecast-xml-authentication-block',
    '<authentication>\n    <source-password>«{a16}»</source-password>\n    <relay-password>«{a16}»</relay-password>\n    <admin-user>admin</admin-user>\n    <admin-password>«{a18}»</admin-password>\n</authentication>',
  ],
  [
    'n99-icecast-mount-specific-password',
    '<mount type="normal">\n    <mount-name>/live.mp3</mount-name>\n    <username>dj</username>\n    <password>«{a14}»</password>\n    <max-listeners>200</max-listeners>\n</mount>',
  ],
  [
    'n99-icecast-ffmpeg-icecast-url-source',
    'ffmpeg -re -i playlist.m3u -c:a libmp3lame -b:a 192k -content_type audio/mpeg -f mp3 icecast://source:«{a16}»@radio.home.lan:8000/stream.mp3',
  ],
  [
    'n99-liquidsoap-output-icecast-password',
    'output.icecast(\n  %mp3(bitrate=192),\n  host="icecast", port=8000,\n  password="«{a18}»",\n  mount="/radio.mp3",\n  radio\n)',
  ],
  [
    'n99-liquidsoap-input-harbor-password',
    'live = input.harbor("live", port=8005, user="dj", password="«{a16}»")\nradio = fallback(track_sensitive=false, [live, playlist("/music")])',
  ],
  [
    'n99-shoutcast-sc-serv-conf-passwords',
    'portbase=8000\nmaxuser=100\npassword=«{a14}»\nadminpassword=«{a16}»\nstreamid_1=1\nstreampath_1=/live',
  ],
  [
    'n99-darkice-cfg-icecast2-password',
    '[icecast2-0]\nbitrateMode = cbr\nformat      = mp3\nbitrate     = 128\nserver      = stream.club.radio\nport        = 8000\npassword    = «{a16}»\nmountPoint  = live',
  ],
  ['n99-butt-config-server-password', '[srv_main]\naddress = 203.0.113.25\nport = 8000\npassword = «{a14}»\ntype = 1\nmount = /studio'],
  [
    'n99-icecast-docker-env-passwords',
    '  icecast:\n    image: libretime/icecast:2.4.4\n    environment:\n      ICECAST_SOURCE_PASSWORD: «{a18}»\n      ICECAST_ADMIN_PASSWORD: «{a18}»\n      ICECAST_RELAY_PASSWORD: «{a18}»',
  ],
  [
    'n99-icecast-admin-metadata-curl-basic',
    'curl -u admin:«{a16}» "http://radio.local:8000/admin/metadata?mount=/live.mp3&mode=updinfo&song=Artist%20-%20Title"',
  ],
  [
    'n99-azuracast-api-key-header',
    'curl -s -H "X-API-Key: «{h16}:{h32}»" https://radio.mystation.fm/api/station/1/nowplaying | jq .now_playing.song.title',
  ],
  [
    'n99-ices-xml-instance-password',
    '<instance>\n    <hostname>localhost</hostname>\n    <port>8000</port>\n    <password>«{a16}»</password>\n    <mount>/ogg</mount>\n</instance>',
  ],
  [
    'n99-plex-preferences-xml-online-token',
    '<?xml version="1.0" encoding="utf-8"?>\n<Preferences OldestPreviousVersion="1.40.2.8395-c67dce28e" MachineIdentifier="{h8}-{h4}-{h4}-{h4}-{h12}" ProcessedMachineIdentifier="{h40}" AnonymousMachineIdentifier="{h8}-{h4}-{h4}-{h4}-{h12}" FriendlyName="nas" PlexOnlineUsername="mediauser" PlexOnlineToken="«{a20}»" PubSubServer="184.105.148.{d2}" TranscoderTempDirectory="/transcode"/>',
  ],
  [
    'n99-plex-token-query-library-sections-url',
    'http://192.168.1.10:32400/library/sections/2/all?type=1&sort=addedAt:desc&X-Plex-Token=«{a20}»',
  ],
  [
    'n99-plex-token-header-curl-refresh',
    'curl -X GET "http://plex:32400/library/sections/4/refresh" -H "X-Plex-Token: «{a20}»" -H "Accept: application/json"',
  ],
  [
    'n99-plex-claim-compose-env',
    '  plex:\n    image: lscr.io/linuxserver/plex:latest\n    network_mode: host\n    environment:\n      - PUID=1000\n      - PGID=1000\n      - VERSION=docker\n      - PLEX_CLAIM=«claim-{a20}»',
  ],
  [
    'n99-plex-download-part-url-token',
    'wget "https://10-0-0-5.{h32}.plex.direct:32400/library/parts/84213/1712345678/file.mkv?download=1&X-Plex-Token=«{a20}»" -O movie.mkv',
  ],
  [
    'n99-plex-token-windows-registry-export',
    'Windows Registry Editor Version 5.00\n\n[HKEY_CURRENT_USER\\Software\\Plex, Inc.\\Plex Media Server]\n"FriendlyName"="HTPC"\n"PlexOnlineUsername"="couchpotato"\n"PlexOnlineToken"="«{a20}»"',
  ],
  [
    'n99-plex-signin-response-auth-token',
    '$ curl -s -X POST https://plex.tv/api/v2/users/signin -H "X-Plex-Client-Identifier: {h8}-{h4}-{h4}-{h4}-{h12}" -H "Accept: application/json" -d "login=me@mail.lan&password=..." | jq \'{username, authToken}\'\n{\n  "username": "mediauser",\n  "authToken": "«{a20}»"\n}',
  ],
  [
    'n99-plexapi-python-server-token',
    'from plexapi.server import PlexServer\n\nplex = PlexServer("http://192.168.1.10:32400", "«{a20}»")\nfor video in plex.library.section("Movies").search(unwatched=True)[:5]:\n    print(video.title)',
  ],
  [
    'n99-plex-token-nginx-access-log',
    '172.18.0.1 - - [02/Jun/2024:19:44:02 +0000] "GET /:/timeline?ratingKey=54021&key=%2Flibrary%2Fmetadata%2F54021&state=playing&time=912345&X-Plex-Token=«{a20}» HTTP/1.1" 200 0 "-" "PlexMediaPlayer"',
  ],
  [
    'n99-kometa-config-plex-tmdb-keys',
    'plex:\n  url: http://plex:32400\n  token: «{a20}»\n  timeout: 60\ntmdb:\n  apikey: «{h32}»\n  language: en',
  ],
  ['n99-plex-auto-languages-env-token', 'PLEX_URL=http://plex:32400\nPLEX_TOKEN=«{B20}»\nTZ=Europe/Berlin'],
  [
    'n99-plex-exporter-prometheus-args',
    '  plex-exporter:\n    image: ghcr.io/axsuul/plex-media-server-exporter\n    environment:\n      PLEX_ADDR: http://plex:32400\n      PLEX_TOKEN: «{a20}»',
  ],
  [
    'n99-plex-token-prose-in-chat',
    'fwiw the token Plex web shows in "View XML" is «{a20}» — I pasted it into Overseerr but it still says "Unauthorized"',
  ],
  [
    'n99-tautulli-config-ini-api-and-pms-token',
    '[PMS]\npms_identifier = {h40}\npms_ip = 192.168.1.10\npms_port = 32400\npms_token = «{a20}»\n[General]\napi_enabled = 1\napi_key = «{h32}»',
  ],
  [
    'n99-tautulli-api-get-activity-url',
    'curl -s "http://tautulli:8181/api/v2?apikey=«{h32}»&cmd=get_activity" | jq \'.response.data.stream_count\' ',
  ],
  ['n99-tautulli-notification-agent-telegram-token', 'Agent: Telegram\nBot Token: «{d10}:AA{B33}»\nChat ID: -100{d10}'],
  ['n99-jellyfin-x-emby-token-curl-library-refresh', 'curl -X POST "http://jellyfin:8096/Library/Refresh" -H "X-Emby-Token: «{h32}»"'],
  ['n99-jellyfin-api-key-query-users', 'http://192.168.1.11:8096/Users?api_key=«{h32}»'],
  [
    'n99-jellyfin-authorization-mediabrowser-header',
    'Authorization: MediaBrowser Client="Jellyfin Web", Device="Firefox", DeviceId="{B48}", Version="10.9.6", Token="«{h32}»"',
  ],
  [
    'n99-jellyfin-login-response-access-token',
    '{\n  "User": { "Name": "kids", "ServerId": "{h32}", "Id": "{h32}" },\n  "AccessToken": "«{h32}»",\n  "ServerId": "{h32}"\n}',
  ],
  [
    'n99-jellyfin-sqlite-apikeys-select',
    '$ sqlite3 /config/data/jellyfin.db "select Name, AccessToken from ApiKeys;"\nJellyseerr|«{h32}»\nHomepage|«{h32}»',
  ],
  [
    'n99-jellyfin-mpv-shim-cred-json',
    '[{"address": "https://jf.home.arpa", "Name": "media", "Id": "{h32}", "UserId": "{h32}", "AccessToken": "«{h32}»", "DateLastAccessed": "2024-06-02T18:11:09Z"}]',
  ],
  [
    'n99-jellyfin-hls-master-url-api-key',
    'https://jellyfin.home.lan/videos/{h32}/master.m3u8?DeviceId={B40}&MediaSourceId={h32}&VideoCodec=h264&AudioCodec=aac&api_key=«{h32}»',
  ],
  [
    'n99-emby-x-mediabrowser-token-header',
    'GET /emby/Items?Recursive=true&IncludeItemTypes=Movie HTTP/1.1\nHost: emby.lan:8096\nX-MediaBrowser-Token: «{h32}»',
  ],
  [
    'n99-emby-api-key-python-requests',
    'resp = requests.get(\n    f"{EMBY_URL}/emby/Sessions",\n    params={"api_key": "«{h32}»"},\n    timeout=10,\n)',
  ],
  [
    'n99-jellyfin-sso-plugin-oidc-secret',
    '<PluginConfiguration>\n  <OidConfigs>\n    <item><key><string>authentik</string></key><value><PluginConfiguration>\n      <OidEndpoint>https://auth.lab.lan/application/o/jellyfin/</OidEndpoint>\n      <OidClientId>jellyfin</OidClientId>\n      <OidSecret>«{a64}»</OidSecret>',
  ],
  [
    'n99-jellyfin-homepage-widget-key',
    '- Jellyfin:\n    icon: jellyfin.png\n    href: https://jf.lab.lan\n    widget:\n      type: jellyfin\n      url: http://jellyfin:8096\n      key: «{h32}»\n      enableBlocks: true',
  ],
  ['n99-jellystat-env-jwt-and-db-password', 'POSTGRES_USER=jellystat\nPOSTGRES_PASSWORD=«{a24}»\nJWT_SECRET=«{a48}»\nJS_BASE_URL=/'],
  [
    'n99-sonarr-config-xml-apikey',
    '<Config>\n  <BindAddress>*</BindAddress>\n  <Port>8989</Port>\n  <SslPort>9898</SslPort>\n  <EnableSsl>False</EnableSsl>\n  <LaunchBrowser>True</LaunchBrowser>\n  <ApiKey>«{h32}»</ApiKey>\n  <AuthenticationMethod>Forms</AuthenticationMethod>\n  <Branch>main</Branch>\n</Config>',
  ],
  [
    'n99-radarr-config-xml-apikey-and-postgres-pass',
    '<Config>\n  <Port>7878</Port>\n  <UrlBase>/radarr</UrlBase>\n  <ApiKey>«{h32}»</ApiKey>\n  <PostgresUser>radarr</PostgresUser>\n  <PostgresPassword>«{a20}»</PostgresPassword>\n  <PostgresHost>postgres</PostgresHost>\n</Config>',
  ],
  ['n99-lidarr-config-xml-cat', 'root@nas:~# cat /mnt/user/appdata/lidarr/config.xml | grep -i key\n  <ApiKey>«{h32}»</ApiKey>'],
  [
    'n99-prowlarr-config-xml-apikey',
    '<Config><Port>9696</Port><ApiKey>«{h32}»</ApiKey><AuthenticationMethod>External</AuthenticationMethod><InstanceName>Prowlarr</InstanceName></Config>',
  ],
  ['n99-readarr-config-xml-apikey', '<Config>\n  <LogLevel>info</LogLevel>\n  <Port>8787</Port>\n  <ApiKey>«{h32}»</ApiKey>\n</Config>'],
  ['n99-sonarr-curl-x-api-key-series', 'curl -s http://localhost:8989/api/v3/series -H "X-Api-Key: «{h32}»" | jq \'.[].title\' | head'],
  ['n99-radarr-browser-url-apikey-query', 'http://nas.local:7878/api/v3/movie?apikey=«{h32}»'],
  [
    'n99-lidarr-command-post-apikey',
    'curl -X POST "http://lidarr:8686/api/v1/command?apikey=«{h32}»" -H "Content-Type: application/json" -d \'{"name":"RefreshArtist"}\' ',
  ],
  [
    'n99-bazarr-config-yaml-auth-and-arr-keys',
    'auth:\n  apikey: «{h32}»\n  type: form\nsonarr:\n  apikey: «{h32}»\n  ip: sonarr\n  port: 8989\nradarr:\n  apikey: «{h32}»\n  ip: radarr',
  ],
  ['n99-bazarr-opensubtitlescom-password', 'opensubtitlescom:\n  username: subs_fan_91\n  password: «{a16}»\n  use_hash: true'],
  [
    'n99-servarr-env-auth-apikey-compose',
    '  sonarr:\n    image: ghcr.io/hotio/sonarr:release\n    environment:\n      - SONARR__AUTH__APIKEY=«{h32}»\n      - SONARR__SERVER__PORT=8989\n      - SONARR__LOG__LEVEL=info',
  ],
  [
    'n99-recyclarr-yml-api-keys',
    'sonarr:\n  series:\n    base_url: http://sonarr:8989\n    api_key: «{h32}»\nradarr:\n  movies:\n    base_url: http://radarr:7878\n    api_key: «{h32}»',
  ],
  [
    'n99-unpackerr-env-arr-keys',
    'UN_SONARR_0_URL=http://sonarr:8989\nUN_SONARR_0_API_KEY=«{h32}»\nUN_RADARR_0_URL=http://radarr:7878\nUN_RADARR_0_API_KEY=«{h32}»',
  ],
  [
    'n99-homepage-services-yaml-sonarr-radarr',
    '- Media:\n    - Sonarr:\n        href: http://sonarr.lan\n        widget:\n          type: sonarr\n          url: http://sonarr:8989\n          key: «{h32}»\n    - Radarr:\n        widget:\n          type: radarr\n          url: http://radarr:7878\n          key: «{h32}»',
  ],
  [
    'n99-exportarr-compose-apikey-env',
    '  exportarr-radarr:\n    image: ghcr.io/onedr0p/exportarr:v2.0\n    command: ["radarr"]\n    environment:\n      PORT: 9708\n      URL: http://radarr:7878\n      APIKEY: «{h32}»',
  ],
  [
    'n99-pyarr-sonarr-client',
    'from pyarr import SonarrAPI\n\nsonarr = SonarrAPI("http://sonarr.lan:8989", "«{h32}»")\nprint(len(sonarr.get_series()))',
  ],
  [
    'n99-jackett-torznab-url-apikey',
    'Torznab feed: http://jackett:9117/api/v2.0/indexers/all/results/torznab/api?apikey=«{l32}»&t=tvsearch&cat=5000',
  ],
  [
    'n99-jackett-serverconfig-json-apikey',
    '{\n  "Port": 9117,\n  "AllowExternal": true,\n  "APIKey": "«{l32}»",\n  "AdminPassword": null,\n  "InstanceId": "{l64}"\n}',
  ],
  [
    'n99-prowlarr-private-tracker-passkey-announce',
    'announce: https://tracker.privatehd.lan/announce/«{h32}»\n(prowlarr shows it under Indexers > Edit > Passkey, same value)',
  ],
  ['n99-prowlarr-indexer-api-key-nzbgeek', 'curl "https://api.nzbgeek.info/api?t=caps&apikey=«{a32}»"'],
  [
    'n99-sonarr-downloadclient-post-qbit-password',
    '{\n  "name": "qBittorrent",\n  "implementation": "QBittorrent",\n  "fields": [\n    { "name": "host", "value": "qbittorrent" },\n    { "name": "port", "value": 8080 },\n    { "name": "username", "value": "admin" },\n    { "name": "password", "value": "«{a16}»" }\n  ]\n}',
  ],
  [
    'n99-overseerr-settings-radarr-apikey',
    '"radarr": [\n  {\n    "name": "Radarr 4K",\n    "hostname": "radarr4k",\n    "port": 7879,\n    "apiKey": "«{h32}»",\n    "useSsl": false,\n    "is4k": true\n  }\n]',
  ],
  ['n99-mylar3-config-ini-api-key', '[API]\napi_enabled = True\napi_key = «{h32}»\n[Interface]\nhttp_password = «{a16}»'],
  [
    'n99-buildarr-yaml-sonarr-api-key',
    'sonarr:\n  instances:\n    sonarr-hd:\n      hostname: sonarr\n      port: 8989\n      api_key: «{h32}»',
  ],
  [
    'n99-sonarr-k8s-secret-stringdata-apikey',
    'apiVersion: v1\nkind: Secret\nmetadata:\n  name: sonarr-api\ntype: Opaque\nstringData:\n  SONARR__AUTH__APIKEY: «{h32}»',
  ],
  [
    'n99-readarr-python-requests-header',
    'HEADERS = {"X-Api-Key": "«{h32}»"}\nr = requests.get("http://readarr:8787/api/v1/book", headers=HEADERS, timeout=15)',
  ],
  [
    'n99-sonarr-chat-prose-log-snippet-full-url',
    '[v4.0.9.2244] System.Net.WebException: http://prowlarr:9696/1/api?t=tvsearch&cat=5030,5040&extended=1&apikey=«{h32}»&offset=0&limit=100: 429.TooManyRequests',
  ],
  [
    'n99-overseerr-settings-json-main-apikey',
    '{\n  "clientId": "{h8}-{h4}-{h4}-{h4}-{h12}",\n  "main": {\n    "apiKey": "«MT{b64}==»",\n    "applicationTitle": "Overseerr",\n    "applicationUrl": "https://requests.home.lan"\n  }\n}',
  ],
  [
    'n99-jellyseerr-api-curl-x-api-key',
    'curl -s -H "X-Api-Key: «MT{b64}==»" "http://jellyseerr:5055/api/v1/request?take=20&filter=pending"',
  ],
  [
    'n99-overseerr-plex-token-in-settings',
    '"plex": {\n  "name": "nas",\n  "ip": "192.168.1.10",\n  "port": 32400,\n  "useSsl": false,\n  "libraries": [{"id": "1", "name": "Movies", "enabled": true}],\n  "machineId": "{h40}"\n},\n"plexToken": "«{a20}»"',
  ],
  [
    'n99-overseerr-discord-webhook-notification',
    'Notification Agent: Discord\nWebhook URL: «https://discord.com/api/webhooks/{d18}/{B68}»\nBot Username: Overseerr',
  ],
  [
    'n99-jellyseerr-pushover-app-token',
    '"pushover": {\n  "enabled": true,\n  "types": 4062,\n  "options": { "accessToken": "«a{l29}»", "userToken": "u{l29}", "priority": 0 }\n}',
  ],
  [
    'n99-qbittorrent-auth-login-curl-password',
    "curl -i --header 'Referer: http://localhost:8080' --data 'username=admin&password=«{a16}»' http://localhost:8080/api/v2/auth/login",
  ],
  [
    'n99-qbittorrent-sid-cookie-response',
    'HTTP/1.1 200 OK\ncontent-type: text/plain; charset=UTF-8\nset-cookie: SID=«{a32}»; HttpOnly; SameSite=Strict; path=/\nOk.',
  ],
  [
    'n99-qbittorrent-temporary-password-container-log',
    'qbittorrent  | WebUI will be started shortly after internal preparations. Please wait...\nqbittorrent  | The WebUI administrator username is: admin\nqbittorrent  | The WebUI administrator password was not set. A temporary password is provided for this session: «{a9}»',
  ],
  [
    'n99-qbittorrent-api-python-client',
    'import qbittorrentapi\n\nqbt = qbittorrentapi.Client(host="192.168.1.20", port=8080, username="admin", password="«{a18}»")\nqbt.auth_log_in()',
  ],
  [
    'n99-qbit-manage-config-yml-qbt-pass',
    'qbt:\n  host: "qbittorrent:8080"\n  user: "admin"\n  pass: "«{a18}»"\nsettings:\n  force_auto_tmm: false',
  ],
  [
    'n99-cross-seed-config-js-qbit-url-creds',
    'module.exports = {\n  torznab: ["http://prowlarr:9696/1/api?apikey=«{h32}»"],\n  qbittorrentUrl: "http://admin:«{a16}»@qbittorrent:8080",\n  action: "inject",\n};',
  ],
  ['n99-autobrr-config-toml-session-secret', 'host = "0.0.0.0"\nport = 7474\nlogLevel = "DEBUG"\nsessionSecret = "«{a32}»"'],
  [
    'n99-qbittorrent-webui-cookie-curl-add',
    'curl -b "SID=«{a32}»" -F "urls=magnet:?xt=urn:btih:{h40}" http://qbit.lan:8080/api/v2/torrents/add',
  ],
  [
    'n99-transmission-settings-json-plain-rpc-password',
    '    "rpc-authentication-required": true,\n    "rpc-bind-address": "0.0.0.0",\n    "rpc-enabled": true,\n    "rpc-password": "«{a16}»",\n    "rpc-port": 9091,\n    "rpc-username": "transmission",\n    "rpc-whitelist-enabled": false,',
  ],
  [
    'n99-transmission-remote-n-user-pass',
    "$ transmission-remote 192.168.1.20:9091 -n 'admin:«{a16}»' -l\nID     Done       Have  ETA           Up    Down  Ratio  Status       Name\n   1   100%    1.41 GB  Done         0.0     0.0    1.2  Idle         ubuntu-24.04-desktop-amd64.iso",
  ],
  [
    'n99-transmission-linuxserver-env-user-pass',
    '  transmission:\n    image: lscr.io/linuxserver/transmission:latest\n    environment:\n      - USER=seedbox\n      - PASS=«{a18}»\n      - PEERPORT=51413',
  ],
  [
    'n99-transmission-rpc-python-client',
    'from transmission_rpc import Client\nc = Client(host="seedbox.lan", port=9091, username="transmission", password="«{a16}»")\nprint([t.name for t in c.get_torrents()])',
  ],
  [
    'n99-flood-config-transmission-creds',
    'flood --auth none --trurl http://transmission:9091/transmission/rpc --truser admin --trpass «{a16}»',
  ],
  [
    'n99-sabnzbd-ini-api-nzb-keys',
    '[misc]\nhost = 0.0.0.0\nport = 8080\napi_key = «{h32}»\nnzb_key = «{h32}»\nusername = ""\npassword = ""',
  ],
  [
    'n99-sabnzbd-ini-server-credentials',
    '[servers]\n[[news.eweka.nl]]\nname = news.eweka.nl\nhost = news.eweka.nl\nport = 563\nusername = ew{d6}\npassword = «{a14}»\nconnections = 40\nssl = 1',
  ],
  [
    'n99-sabnzbd-api-queue-curl',
    'curl -s "http://sabnzbd:8080/api?mode=queue&output=json&apikey=«{h32}»" | jq \'.queue.slots[].filename\' ',
  ],
  [
    'n99-nzbget-conf-control-and-server-password',
    'ControlUsername=nzbget\nControlPassword=«{a16}»\nServer1.Name=frugal\nServer1.Host=news.frugalusenet.com\nServer1.Username=fu{d7}\nServer1.Password=«{a14}»',
  ],
  [
    'n99-nzbget-jsonrpc-path-credentials',
    'curl -s http://nzbget.lan:6789/nzbget:«{a16}»/jsonrpc -d \'{"method":"status","params":[]}\' | jq .result.DownloadRate',
  ],
  [
    'n99-usenet-provider-prose',
    'Newshosting account for the SAB container: user nh_{l8}, pass «{a12}», 60 connections on port 563 — can you fill that into the [servers] block?',
  ],
  ['n99-nzbhydra2-yml-api-key', 'main:\n  apiKey: "«{u26}»"\n  externalUrl: "http://hydra.lan:5076"\n  startupBrowser: false'],
  [
    'n99-nzbhydra-indexer-apikey-yaml',
    'indexers:\n- name: "DrunkenSlug"\n  host: "https://api.drunkenslug.com"\n  apiKey: "«{h32}»"\n  enabled: true',
  ],
  ['n99-deluge-auth-file-lines', '$ cat ~/.config/deluge/auth\nlocalclient:«{h40}»:10\nsonarr:«{a16}»:10'],
  ['n99-deluge-console-connect-password', 'deluge-console "connect 127.0.0.1:58846 sonarr «{a16}»; info -s Downloading"'],
  [
    'n99-deluge-client-python-rpc',
    'from deluge_client import DelugeRPCClient\nclient = DelugeRPCClient("10.0.0.20", 58846, "localclient", "«{h40}»")\nclient.connect()',
  ],
  [
    'n99-navidrome-toml-lastfm-spotify-secrets',
    'MusicFolder = "/music"\nLastFM.ApiKey = "«{h32}»"\nLastFM.Secret = "«{h32}»"\nSpotify.ID = "{h32}"\nSpotify.Secret = "«{h32}»"',
  ],
  [
    'n99-subsonic-url-enc-hex-password',
    'http://navidrome.lan:4533/rest/getPlaylists.view?u=rachel&p=enc:«{h24}»&v=1.16.1&c=substreamer&f=json',
  ],
  ['n99-subsonic-url-plain-password', 'https://music.home.arpa/rest/stream?id={a22}&u=dad&p=«{a14}»&v=1.13.0&c=DSub'],
  [
    'n99-navidrome-env-compose-secrets',
    '    environment:\n      ND_LASTFM_APIKEY: «{h32}»\n      ND_LASTFM_SECRET: «{h32}»\n      ND_SCANSCHEDULE: 1h',
  ],
  ['n99-immich-x-api-key-curl-server-info', 'curl -s -H "x-api-key: «{a43}»" https://photos.home.lan/api/server/statistics | jq .photos'],
  [
    'n99-immich-go-upload-key-flag',
    'immich-go upload from-google-photos --server=http://immich:2283 --api-key=«{a43}» ~/Downloads/takeout-*.zip',
  ],
  [
    'n99-immich-cli-login-args',
    '$ immich login https://immich.lab.lan/api «{a43}»\nLogging in to https://immich.lab.lan/api\nLogged in as admin@lab.lan',
  ],
  [
    'n99-immich-env-db-password',
    'UPLOAD_LOCATION=/mnt/tank/photos\nDB_DATA_LOCATION=./postgres\nIMMICH_VERSION=release\nDB_PASSWORD=«{a24}»\nDB_USERNAME=postgres',
  ],
  ['n99-immich-power-tools-env-api-key', 'IMMICH_URL=http://immich-server:2283\nIMMICH_API_KEY=«{a43}»\nDB_PASSWORD=«{a20}»'],
  [
    'n99-photoprism-compose-admin-password',
    '    environment:\n      PHOTOPRISM_ADMIN_USER: "admin"\n      PHOTOPRISM_ADMIN_PASSWORD: "«{a16}»"\n      PHOTOPRISM_AUTH_MODE: "password"\n      PHOTOPRISM_SITE_URL: "https://photos.lan/"',
  ],
  [
    'n99-photoprism-database-password-env',
    'PHOTOPRISM_DATABASE_DRIVER=mysql\nPHOTOPRISM_DATABASE_SERVER=mariadb:3306\nPHOTOPRISM_DATABASE_USER=photoprism\nPHOTOPRISM_DATABASE_PASSWORD=«{a22}»',
  ],
  [
    'n99-photoprism-webdav-rclone-pass-obscured',
    '[photoprism]\ntype = webdav\nurl = https://photos.lan/originals/\nvendor = other\nuser = admin\npass = «{B44}»',
  ],
  [
    'n99-nextcloud-app-password-davfs2-secrets',
    '# /etc/davfs2/secrets\nhttps://cloud.home.lan/remote.php/dav/files/anna/ anna «{a5}-{a5}-{a5}-{a5}-{a5}»',
  ],
  [
    'n99-nextcloud-app-password-curl-webdav',
    'curl -u "anna:«{a5}-{a5}-{a5}-{a5}-{a5}»" -X PROPFIND https://cloud.home.lan/remote.php/dav/files/anna/Music -H "Depth: 1"',
  ],
  ['n99-nextcloudcmd-password-flag', 'nextcloudcmd --non-interactive -u marc -p «{a5}-{a5}-{a5}-{a5}-{a5}» ~/Nextcloud https://nc.lab.lan'],
  [
    'n99-nextcloud-occ-add-app-password-output',
    '$ sudo -u www-data php occ user:add-app-password jellyfin-sync\nEnter the user password:\napp password:\n«{a72}»',
  ],
  [
    'n99-nextcloud-config-php-secret-passwordsalt',
    "  'instanceid' => 'oc{l10}',\n  'passwordsalt' => '«{a30}»',\n  'secret' => '«{a48}»',\n  'trusted_domains' =>",
  ],
  [
    'n99-nextcloud-aio-env-password-prose',
    'the AIO interface gave me the passphrase «{L6} {L6} {L6} {L6} {L6} {L6} {L6} {L6}» for the admin panel, saving it in the family vault now',
  ],
  [
    'n99-gluetun-wireguard-private-key-compose',
    '  gluetun:\n    image: qmcgaw/gluetun\n    cap_add: [NET_ADMIN]\n    environment:\n      - VPN_SERVICE_PROVIDER=mullvad\n      - VPN_TYPE=wireguard\n      - WIREGUARD_PRIVATE_KEY=«{b43}=»\n      - WIREGUARD_ADDRESSES=10.64.{d3}.{d2}/32',
  ],
  [
    'n99-gluetun-openvpn-user-password',
    'VPN_SERVICE_PROVIDER=private internet access\nOPENVPN_USER=p{d7}\nOPENVPN_PASSWORD=«{a16}»\nSERVER_REGIONS=Netherlands',
  ],
  [
    'n99-gluetun-custom-wireguard-preshared-key',
    '      - VPN_SERVICE_PROVIDER=custom\n      - WIREGUARD_ENDPOINT_IP=198.51.100.7\n      - WIREGUARD_PUBLIC_KEY={b43}=\n      - WIREGUARD_PRIVATE_KEY=«{b43}=»\n      - WIREGUARD_PRESHARED_KEY=«{b43}=»',
  ],
  [
    'n99-unraid-template-xml-config-api-key',
    '<Config Name="Sonarr API Key" Target="UN_SONARR_0_API_KEY" Default="" Mode="" Description="" Type="Variable" Display="always" Required="false" Mask="true">«{h32}»</Config>\n<Config Name="Radarr API Key" Target="UN_RADARR_0_API_KEY" Default="" Mode="" Description="" Type="Variable" Display="always" Required="false" Mask="true">«{h32}»</Config>',
  ],
  [
    'n99-unraid-docker-run-command-from-template',
    "/usr/local/emhttp/plugins/dynamix.docker.manager/scripts/docker create --name='tautulli' --net='br0' -e TZ=\"America/Chicago\" -e 'PLEX_TOKEN'='«{a20}»' -e 'TAUTULLI_API_KEY'='«{h32}»' -p '8181:8181/tcp' 'lscr.io/linuxserver/tautulli' ",
  ],
  [
    'n99-truenas-app-values-yaml-secret-env',
    'TZ: America/New_York\nsabnzbdConfig:\n  additionalEnvs:\n    - name: SAB_API_KEY\n      value: "«{h32}»"\n    - name: USENET_PASS\n      value: "«{a14}»"',
  ],
  [
    'n99-homelab-dotenv-many-keys',
    '# media stack .env  (do NOT commit)\nTZ=Europe/London\nPLEX_TOKEN=«{a20}»\nSONARR_API_KEY=«{h32}»\nRADARR_API_KEY=«{h32}»\nPROWLARR_API_KEY=«{h32}»\nQBIT_PASSWORD=«{a16}»',
  ],
  [
    'n99-portainer-api-token-curl',
    'curl -s -H "X-API-Key: «ptr_{b43}=»" https://portainer.lab.lan:9443/api/endpoints/2/docker/containers/json | jq \'.[].Names[0]\' ',
  ],
  [
    'n99-tailscale-sidecar-ts-authkey-compose',
    '  tailscale-jellyfin:\n    image: tailscale/tailscale:latest\n    hostname: jellyfin\n    environment:\n      - TS_AUTHKEY=«tskey-auth-k{a10}CNTRL-{a33}»\n      - TS_STATE_DIR=/var/lib/tailscale\n      - TS_SERVE_CONFIG=/config/serve.json',
  ],
  [
    'n99-tailscale-up-authkey-cli',
    'root@truenas:~# tailscale up --authkey=«tskey-auth-k{a11}CNTRL-{a34}» --advertise-routes=192.168.1.0/24 --accept-dns=false\nSuccess.',
  ],
  ['n99-tailscale-oauth-client-secret-env', 'TS_OAUTH_CLIENT_ID=k{a10}CNTRL\nTS_OAUTH_CLIENT_SECRET=«tskey-client-k{a10}CNTRL-{a33}»'],
  [
    'n99-tailscale-api-key-curl-devices',
    'curl -s -u "«tskey-api-k{a10}CNTRL-{a33}»:" https://api.tailscale.com/api/v2/tailnet/-/devices | jq \'.devices[].hostname\' ',
  ],
  [
    'n99-tailscale-unraid-plugin-prose',
    'set up the Unraid Tailscale plugin with auth key «tskey-auth-k{a12}CNTRL-{a32}» (reusable, tagged tag:media) but the server never shows up in the admin console',
  ],
  [
    'n99-cloudflared-tunnel-token-compose',
    '  cloudflared:\n    image: cloudflare/cloudflared:latest\n    command: tunnel --no-autoupdate run --token «eyJhIjoi{b180}»\n    restart: unless-stopped',
  ],
  ['n99-zurg-config-real-debrid-token', 'zurg: v1\ntoken: «{u52}»\nport: 9999\nconcurrent_workers: 32\ncheck_for_changes_every_secs: 15'],
  [
    'n99-rdt-client-real-debrid-api-curl',
    'curl -s -H "Authorization: Bearer «{u52}»" https://api.real-debrid.com/rest/1.0/user | jq .expiration',
  ],
  [
    'n99-watchtower-shoutrrr-discord-url',
    '      WATCHTOWER_NOTIFICATION_URL: "discord://«{B68}»@{d18}"\n      WATCHTOWER_SCHEDULE: "0 0 4 * * *"',
  ],
  [
    'n99-syncthing-config-xml-gui-apikey',
    '<gui enabled="true" tls="false" debugging="false">\n    <address>0.0.0.0:8384</address>\n    <user>media</user>\n    <apikey>«{a32}»</apikey>\n    <theme>default</theme>\n</gui>',
  ],
  [
    'n99-audiobookshelf-api-token-jwt',
    'curl -H "Authorization: Bearer «eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.{B92}.{B43}»" http://abs.lan:13378/api/libraries',
  ],
  ['n99-ombi-api-key-header', 'curl -H "ApiKey: «{h32}»" http://ombi.lan:3579/api/v1/Request/movie'],
  [
    'n99-sonarr-discord-webhook-connect',
    'Settings > Connect > Discord\nWebhook URL: «https://discordapp.com/api/webhooks/{d19}/{B68}»\nOn Grab: yes   On Import: yes',
  ],
  [
    'n99-radarr-telegram-bot-token-chat',
    'Telegram connection in Radarr keeps failing with 401 — bot token «{d10}:AA{B33}», chat id -100{d10}',
  ],
  [
    'n99-gotify-message-url-token-curl',
    'curl "https://gotify.lab.lan/message?token=«A{a14}»" -F "title=Backup" -F "message=Plex DB backup finished" -F "priority=5"',
  ],
  [
    'n99-ntfy-access-token-header',
    'curl -H "Authorization: Bearer «tk_{l29}»" -d "Radarr: Dune Part Two imported" https://ntfy.lab.lan/media',
  ],
  ['n99-apprise-urls-config-tokens', 'urls:\n  - tgram://«{d10}:AA{B33}»/-100{d10}\n  - pover://u{l29}@«a{l29}»'],
  [
    'n99-pushover-app-token-tautulli-curl',
    'curl -s --form-string "token=«a{l29}»" --form-string "user=u{l29}" --form-string "message=Stream started" https://api.pushover.net/1/messages.json',
  ],
  [
    'n99-discord-webhook-json-arr-notifiarr',
    '{ "notifications": { "discord_webhook": "«https://discord.com/api/webhooks/{d18}/{B68}»" } }',
  ],
  ['n99-slack-webhook-tautulli-agent', 'Slack notification agent > Webhook URL: «https://hooks.slack.com/services/T{u8}/B{u10}/{a24}»'],
  [
    'n99-tmdb-v3-api-key-jellyfin-plugin-xml',
    '<TmdbPluginConfiguration>\n  <TmdbApiKey>«{h32}»</TmdbApiKey>\n  <IncludeAdult>false</IncludeAdult>\n</TmdbPluginConfiguration>',
  ],
  [
    'n99-tmdb-v4-read-token-bearer',
    "curl --request GET --url 'https://api.themoviedb.org/3/tv/1399/season/1' --header 'Authorization: Bearer «eyJhbGciOiJIUzI1NiJ9.{B130}.{B43}»' ",
  ],
  [
    'n99-trakt-client-secret-kometa',
    'trakt:\n  client_id: {h64}\n  client_secret: «{h64}»\n  pin:\n  authorization:\n    access_token: «{h64}»\n    refresh_token: «{h64}»',
  ],
  ['n99-fanart-tv-key-kodi-advanced', '<setting id="fanarttvapikey">«{h32}»</setting>\n<setting id="tvdbapikey">«{u16}»</setting>'],
  [
    'n99-lastfm-scrobbler-api-secret-py',
    'network = pylast.LastFMNetwork(\n    api_key="«{h32}»",\n    api_secret="«{h32}»",\n    username="vinyl_vic",\n    password_hash=pylast.md5(os.environ["LASTFM_PASSWORD"]),\n)',
  ],
  ['n99-omdb-api-key-kometa-block', 'omdb:\n  apikey: «{h8}»\n  cache_expiration: 60'],
  [
    'n99-opensubtitles-api-key-header',
    'curl -H "Api-Key: «{a32}»" -H "User-Agent: bazarr v1.4.3" "https://api.opensubtitles.com/api/v1/subtitles?imdb_id=0944947"',
  ],
  [
    'n99-streamlink-twitch-api-header-oauth',
    'streamlink --twitch-api-header "Authorization=OAuth «{l30}»" --twitch-disable-ads twitch.tv/esl_csgo best -o vod.ts',
  ],
  [
    'n99-ffmpeg-output-log-shows-twitch-url',
    "Output #0, flv, to 'rtmp://live-fra.twitch.tv/app/«live_{d9}_{a30}»':\n  Metadata:\n    encoder         : Lavf60.16.100\n  Stream #0:0: Video: h264 ([7][0][0][0] / 0x0007), yuv420p(tv, bt709, progressive), 1920x1080, q=2-31, 6000 kb/s, 60 fps, 1k tbn",
  ],
  [
    'n99-ffmpeg-error-log-youtube-url',
    '[flv @ 0x55d7c8a3e8c0] Failed to update header with correct duration.\n[rtmp @ 0x55d7c8a41200] Server error: Connection refused\nrtmp://a.rtmp.youtube.com/live2/«{l4}-{l4}-{l4}-{l4}-{l4}»: Input/output error',
  ],
  [
    'n99-rclone-config-show-nextcloud-remote',
    '$ rclone config show nextcloud\n[nextcloud]\ntype = webdav\nurl = https://cloud.home.lan/remote.php/dav/files/anna/\nvendor = nextcloud\nuser = anna\npass = «{B60}»',
  ],
  [
    'n99-docker-inspect-env-array-arr-keys',
    '$ docker inspect prowlarr --format \'{{json .Config.Env}}\' | jq .\n[\n  "PUID=1000",\n  "PGID=1000",\n  "PROWLARR__AUTH__APIKEY=«{h32}»",\n  "TZ=Etc/UTC"\n]',
  ],
  [
    'n99-env-grep-output-media-secrets',
    "$ env | grep -E 'PLEX|JELLYFIN'\nPLEX_URL=http://plex:32400\nPLEX_TOKEN=«{a20}»\nJELLYFIN_URL=http://jellyfin:8096\nJELLYFIN_API_KEY=«{h32}»",
  ],
  [
    'n99-kubectl-secret-base64-qbit-password',
    '$ kubectl -n media get secret qbittorrent-auth -o yaml\napiVersion: v1\ndata:\n  password: «{b22}==»\n  username: YWRtaW4=\nkind: Secret',
  ],
  [
    'n99-caddy-json-log-jellyfin-api-key-uri',
    '{"level":"info","ts":1717351022.51,"logger":"http.log.access","msg":"handled request","request":{"remote_ip":"100.101.12.7","method":"GET","host":"jf.lab.lan","uri":"/Items/{h32}/Download?api_key=«{h32}»"},"status":200}',
  ],
  [
    'n99-plex-token-tautulli-python-script',
    'PLEX_URL = "https://plex.lab.lan"\nPLEX_TOKEN = "«{a20}»"\nTAUTULLI_URL = "http://tautulli:8181"\nTAUTULLI_APIKEY = "«{h32}»"',
  ],
  [
    'n99-jellyfin-webhook-plugin-gotify-template',
    '<WebhookConfiguration>\n  <GotifyOptions>\n    <GotifyOption>\n      <WebhookUri>https://gotify.lab.lan</WebhookUri>\n      <Token>«A{a14}»</Token>\n      <Priority>5</Priority>',
  ],
  [
    'n99-icecast-source-password-chat-prose',
    "for the party stream: Mixxx > Live Broadcasting, server radio.lan port 8000, mount /party, login source, password «{a12}». don't share it lol",
  ],
  [
    'n99-liquidsoap-env-fallback-literal-secret',
    'icecast_pass = environment.get(default="«{a18}»", "ICECAST_SOURCE_PASSWORD")\noutput.icecast(%vorbis, host="icecast", password=icecast_pass, mount="/ogg", radio)',
  ],
  [
    'n99-sabnzbd-nzb-upload-curl-nzbkey',
    'curl -F "name=@show.s01e01.nzb" "http://sab.lan:8080/api?mode=addfile&nzbname=show&cat=tv&apikey=«{h32}»"',
  ],
  [
    'n99-transmission-settings-json-full-cat',
    '$ docker exec transmission cat /config/settings.json | grep rpc-\n    "rpc-authentication-required": true,\n    "rpc-password": "«{a20}»",\n    "rpc-username": "admin",',
  ],
  [
    'n99-youtube-key-obs-service-json',
    '{"settings":{"bwtest":false,"key":"«{l4}-{l4}-{l4}-{l4}-{l4}»","server":"rtmps://a.rtmps.youtube.com:443/live2","service":"YouTube - RTMPS","stream_key_link":"https://www.youtube.com/live_dashboard"},"type":"rtmp_common"}',
  ],
];
export const BLIND99_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'n99-plex-preferences-xml-machine-ids-signed-out',
    '<Preferences OldestPreviousVersion="1.40.2.8395-c67dce28e" MachineIdentifier="{h8}-{h4}-{h4}-{h4}-{h12}" ProcessedMachineIdentifier="{h40}" AnonymousMachineIdentifier="{h8}-{h4}-{h4}-{h4}-{h12}" FriendlyName="nas" AcceptedEULA="1" PublishServerOnPlexOnlineKey="0"/>',
  ],
  [
    'n99-plex-identity-endpoint-xml',
    '$ curl -s http://192.168.1.10:32400/identity\n<?xml version="1.0" encoding="UTF-8"?>\n<MediaContainer size="0" apiVersion="1.1.0" claimed="1" machineIdentifier="{h40}" version="1.40.3.8555-fef15d30c"></MediaContainer>',
  ],
  [
    'n99-plex-client-identifier-header-token-env-ref',
    'curl -s "http://plex:32400/status/sessions" \\\n  -H "X-Plex-Client-Identifier: {h8}-{h4}-{h4}-{h4}-{h12}" \\\n  -H "X-Plex-Product: media-scripts" \\\n  -H "X-Plex-Token: ${PLEX_TOKEN}"',
  ],
  [
    'n99-plex-guid-and-rating-key-metadata',
    '<Video ratingKey="54021" key="/library/metadata/54021" guid="plex://movie/{h24}" type="movie" title="Arrival" year="2016" librarySectionID="1" addedAt="1699887766">\n  <Guid id="imdb://tt2543164"/><Guid id="tmdb://329865"/><Guid id="tvdb://1923"/>\n</Video>',
  ],
  ['n99-plex-library-sections-url-no-token', 'http://192.168.1.10:32400/library/sections/3/all?type=2&sort=titleSort&includeGuids=1'],
  [
    'n99-plex-legacy-agent-guid-strings',
    'guid="com.plexapp.agents.imdb://tt0111161?lang=en"\nguid="com.plexapp.agents.thetvdb://81189/5/16?lang=en"\nguid="com.plexapp.agents.themoviedb://550?lang=en"',
  ],
  [
    'n99-plex-session-identifier-and-transcode-session',
    '<TranscodeSession key="/transcode/sessions/{l24}" throttled="0" progress="41.2" speed="3.1" videoDecision="transcode" audioDecision="copy" container="mpegts" videoCodec="h264" sourceVideoCodec="hevc"/>',
  ],
  [
    'n99-plex-direct-hostname-cert-hash',
    'Plex remote access resolves to https://10-0-0-5.{h32}.plex.direct:32400 — the long hex label is the certificate hash for the server, not a token.',
  ],
  [
    'n99-plex-token-placeholder-docs',
    'To find the token, open any item > Get Info > View XML and copy the value after X-Plex-Token= from the address bar. Then set PLEX_TOKEN=<your-plex-token> in .env.',
  ],
  [
    'n99-jellyfin-system-info-public-server-id',
    '$ curl -s http://jellyfin:8096/System/Info/Public | jq .\n{\n  "LocalAddress": "http://172.18.0.5:8096",\n  "ServerName": "jellyfin",\n  "Version": "10.9.6",\n  "ProductName": "Jellyfin Server",\n  "Id": "{h32}",\n  "StartupWizardCompleted": true\n}',
  ],
  [
    'n99-jellyfin-device-id-base64-user-agent',
    'Authorization: MediaBrowser Client="Jellyfin Web", Device="Chrome", DeviceId="TW96aWxsYS81LjAgKFdpbmRvd3MgTlQgMTAuMDsgV2luNjQ7IHg2NCkgQXBwbGVXZWJLaXQvNTM3LjM2IChLSFRNTCwgbGlrZSBHZWNrbykgQ2hyb21lLzEyNi4wLjAuMCBTYWZhcmkvNTM3LjM2fDE3MTczNTEwMjIwMDA=", Version="10.9.6"',
  ],
  [
    'n99-jellyfin-item-image-url-tag',
    '<img src="/Items/{h32}/Images/Primary?fillHeight=396&fillWidth=264&quality=96&tag={h32}" alt="poster">',
  ],
  [
    'n99-jellyfin-playback-info-ids',
    'POST /Items/{h32}/PlaybackInfo?UserId={h32}&StartTimeTicks=0&IsPlayback=true&AutoOpenLiveStream=true&MediaSourceId={h32}&MaxStreamingBitrate=140000000',
  ],
  [
    'n99-jellyfin-hls-playlist-segment-names',
    '#EXTM3U\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXT-X-VERSION:7\n#EXT-X-TARGETDURATION:6\n#EXT-X-MAP:URI="-1.mp4"\n#EXTINF:6.006, nodesc\nhls1/main/0.mp4?runtimeTicks=0&actualSegmentLengthTicks=60060000\n#EXTINF:6.006, nodesc\nhls1/main/1.mp4?runtimeTicks=60060000&actualSegmentLengthTicks=60060000',
  ],
  [
    'n99-jellyfin-plugin-manifest-checksum',
    '{"version":"12.0.0.0","changelog":"Bump TMDb client","targetAbi":"10.9.0.0","sourceUrl":"https://repo.jellyfin.org/releases/plugin/tmdb/tmdb_12.0.0.0.zip","checksum":"{h32}","timestamp":"2024-05-19T14:12:03Z"}',
  ],
  [
    'n99-jellyfin-api-key-env-ref-compose',
    '    environment:\n      - JELLYFIN_URL=http://jellyfin:8096\n      - JELLYFIN_API_KEY=${JELLYFIN_API_KEY:?set in .env}',
  ],
  [
    'n99-sonarr-config-xml-no-apikey-fields',
    '<Config>\n  <BindAddress>*</BindAddress>\n  <Port>8989</Port>\n  <UrlBase>/sonarr</UrlBase>\n  <AuthenticationMethod>Forms</AuthenticationMethod>\n  <AuthenticationRequired>DisabledForLocalAddresses</AuthenticationRequired>\n  <InstanceName>Sonarr</InstanceName>\n</Config>',
  ],
  [
    'n99-prowlarr-log-apikey-removed',
    '2024-06-02 19:20:41.3|Info|ReleaseSearchService|Searching indexers for [The Bear : S03]. 12 active indexers\n2024-06-02 19:20:43.9|Warn|Newznab|Indexer returned HTTP 503: http://prowlarr:9696/4/api?t=tvsearch&cat=5000,5030&apikey=(removed)&offset=0',
  ],
  [
    'n99-sonarr-downloadclient-get-masked-password',
    '{\n  "name": "qBittorrent",\n  "fields": [\n    { "name": "host", "value": "qbittorrent" },\n    { "name": "username", "value": "admin" },\n    { "name": "password", "value": "********", "privacy": "password" }\n  ]\n}',
  ],
  [
    'n99-sonarr-series-lookup-external-ids',
    '{"title":"Severance","year":2022,"tvdbId":371980,"tvRageId":0,"tvMazeId":44933,"tmdbId":95396,"imdbId":"tt11280740","titleSlug":"severance","images":[{"coverType":"poster","url":"/MediaCover/112/poster.jpg?lastWrite=638512345678901234"}]}',
  ],
  [
    'n99-radarr-movie-file-media-info',
    '"movieFile": {"relativePath":"Dune Part Two (2024) {tmdb-693134} [Bluray-2160p][HDR10][EAC3 Atmos 7.1][x265]-GROUP.mkv","size":43121565123,"quality":{"quality":{"id":19,"name":"Bluray-2160p"}},"mediaInfo":{"videoCodec":"x265","audioCodec":"EAC3 Atmos","resolution":"3840x1608"}}',
  ],
  [
    'n99-recyclarr-secret-and-env-refs',
    'sonarr:\n  series:\n    base_url: !secret sonarr_url\n    api_key: !secret sonarr_apikey\nradarr:\n  movies:\n    base_url: http://radarr:7878\n    api_key: !env_var RADARR_API_KEY',
  ],
  [
    'n99-homepage-var-templated-keys',
    '- Sonarr:\n    widget:\n      type: sonarr\n      url: http://sonarr:8989\n      key: "{{HOMEPAGE_VAR_SONARR_KEY}}"\n- Radarr:\n    widget:\n      type: radarr\n      url: http://radarr:7878\n      key: "{{HOMEPAGE_FILE_RADARR_KEY}}"',
  ],
  [
    'n99-compose-arr-env-references',
    '      - UN_SONARR_0_API_KEY=${SONARR_API_KEY}\n      - UN_RADARR_0_API_KEY=${RADARR_API_KEY}\n      - UN_LIDARR_0_API_KEY=${LIDARR_API_KEY:-}',
  ],
  [
    'n99-unraid-template-empty-masked-config',
    '<Config Name="API Key" Target="APIKEY" Default="" Mode="" Description="Copy from Settings &gt; General in Radarr" Type="Variable" Display="always" Required="true" Mask="true"></Config>',
  ],
  [
    'n99-sonarr-version-status-output',
    '{"appName":"Sonarr","instanceName":"Sonarr","version":"4.0.9.2244","buildTime":"2024-08-18T01:01:36Z","isDocker":true,"branch":"main","authentication":"forms","sqliteVersion":"3.44.2","urlBase":"","runtimeVersion":"6.0.29","databaseType":"sqLite","packageVersion":"4.0.9.2244-ls258","packageAuthor":"[linuxserver.io](https://linuxserver.io)"}',
  ],
  [
    'n99-linuxserver-image-tags-and-digest',
    'lscr.io/linuxserver/radarr:5.8.3.8933-ls231\nlscr.io/linuxserver/radarr@sha256:{h64}\nghcr.io/hotio/sonarr:release-4.0.9.2244',
  ],
  [
    'n99-arr-api-key-prose-where-to-find',
    "The API key lives in Settings > General > Security (or in config.xml as <ApiKey>). Paste it into Prowlarr under Apps > Sonarr > API Key; don't use the one shown in the docs.",
  ],
  [
    'n99-prowlarr-cardigann-definition-yaml',
    'id: 1337x\nname: 1337x\ntype: public\nlinks:\n  - https://1337x.to/\ncaps:\n  categorymappings:\n    - {id: 42, cat: Movies/HD, desc: "Movies/HD"}\nsettings:\n  - name: sort\n    type: select\n    default: time',
  ],
  [
    'n99-magnet-link-public-trackers',
    'magnet:?xt=urn:btih:{h40}&dn=debian-12.5.0-amd64-netinst.iso&tr=udp%3A%2F%2Ftracker.opentrackr.org%3A1337%2Fannounce&tr=udp%3A%2F%2Fopen.stealth.si%3A80%2Fannounce',
  ],
  ['n99-magnet-v2-btmh-hybrid', 'magnet:?xt=urn:btih:{h40}&xt=urn:btmh:1220{h64}&dn=bbb_sunflower_1080p_60fps_normal.mp4'],
  [
    'n99-qbittorrent-torrents-info-json',
    '[{"added_on":1717351022,"category":"tv-sonarr","hash":"{h40}","infohash_v1":"{h40}","infohash_v2":"","name":"Show.S01E03.1080p.WEB.h264-GROUP","progress":1,"state":"stalledUP","tracker":"udp://tracker.opentrackr.org:1337/announce"}]',
  ],
  [
    'n99-transmission-torrent-get-hashstring',
    '{"arguments":{"torrents":[{"hashString":"{h40}","id":7,"name":"archlinux-2024.06.01-x86_64.iso","percentDone":1,"rateUpload":0}]},"result":"success"}',
  ],
  [
    'n99-deluge-console-info-ids',
    'Name: ubuntu-24.04-live-server-amd64.iso\nID: {h40}\nState: Seeding Up Speed: 0.0 KiB/s\nSeeds: 0 (64) Peers: 0 (3) Availability: 0.00 Ratio: 2.134',
  ],
  [
    'n99-public-tracker-announce-list',
    'udp://tracker.opentrackr.org:1337/announce\nudp://open.demonii.com:1337/announce\nudp://tracker.torrent.eu.org:451/announce\nhttp://tracker.files.fm:6969/announce',
  ],
  [
    'n99-qbittorrent-conf-webui-no-password',
    '[Preferences]\nWebUI\\Address=*\nWebUI\\Port=8080\nWebUI\\LocalHostAuth=false\nWebUI\\AuthSubnetWhitelist=192.168.1.0/24\nWebUI\\AuthSubnetWhitelistEnabled=true',
  ],
  [
    'n99-nzb-file-segment-message-ids',
    '<file poster="Yenc-PP-GUI &lt;yenc@bin.net&gt;" date="1717351022" subject="[1/45] - &quot;show.s01e01.part01.rar&quot; yEnc (1/356)">\n  <groups><group>alt.binaries.multimedia</group></groups>\n  <segments>\n    <segment bytes="793088" number="1">{a16}{a8}@JBinUp.local</segment>\n    <segment bytes="793088" number="2">part2of356.{a20}@powerpost2000AA.local</segment>',
  ],
  [
    'n99-sabnzbd-queue-nzo-ids',
    '{"queue":{"status":"Downloading","speed":"42.1 M","slots":[{"nzo_id":"SABnzbd_nzo_{l8}","filename":"Show.S02E04.1080p.WEB","mb":"2356.12","percentage":"38","cat":"tv"}]}}',
  ],
  [
    'n99-nzbget-history-nzbid-and-dupkey',
    '{"NZBID":1184,"Name":"Movie.2023.2160p.UHD.BluRay","DupeKey":"imdb=tt15239678","DupeScore":0,"Status":"SUCCESS/ALL","Health":1000,"FileSizeMB":58231}',
  ],
  [
    'n99-usenet-server-table-docs',
    '| Provider   | Host                    | SSL port | Connections |\n|------------|-------------------------|----------|-------------|\n| Eweka      | news.eweka.nl           | 563      | 50          |\n| Newshosting| news.newshosting.com    | 563      | 100         |\n| Frugal     | news.frugalusenet.com   | 563      | 100         |',
  ],
  [
    'n99-nzbget-default-credentials-docs',
    'Out of the box NZBGet listens on :6789 with ControlUsername=nzbget and ControlPassword=tegbzn6789 — the docs tell you to change both on first login.',
  ],
  ['n99-sha256sum-mkv-files', '$ sha256sum *.mkv\n{h64}  Show.S01E01.1080p.mkv\n{h64}  Show.S01E02.1080p.mkv'],
  [
    'n99-anime-release-crc32-filenames',
    '[SubsPlease] Frieren - 27 (1080p) [{H8}].mkv\n[Erai-raws] Dungeon Meshi - 14 [1080p][Multiple Subtitle][{H8}].mkv',
  ],
  [
    'n99-ffprobe-stream-info',
    "Input #0, matroska,webm, from 'movie.mkv':\n  Duration: 02:46:01.32, start: 0.000000, bitrate: 31025 kb/s\n  Stream #0:0(eng): Video: hevc (Main 10), yuv420p10le(tv, bt2020nc/bt2020/smpte2084), 3840x1608, SAR 1:1 DAR 160:67, 23.98 fps\n  Stream #0:1(eng): Audio: eac3, 48000 Hz, 7.1, fltp (default)",
  ],
  [
    'n99-container-ids-docker-ps',
    'CONTAINER ID   IMAGE                                  STATUS         NAMES\n{h12}   lscr.io/linuxserver/jellyfin:10.9.6    Up 3 days      jellyfin\n{h12}   lscr.io/linuxserver/sonarr:latest      Up 3 days      sonarr\n{h12}   qmcgaw/gluetun:v3.38                   Up 3 days (healthy)  gluetun',
  ],
  [
    'n99-compose-image-pinned-digests',
    '  jellyfin:\n    image: jellyfin/jellyfin:10.9.6@sha256:{h64}\n  immich-machine-learning:\n    image: ghcr.io/immich-app/immich-machine-learning:v1.105.1@sha256:{h64}',
  ],
  [
    'n99-twitch-helix-user-ids-and-logins',
    '{"data":[{"id":"{d9}","login":"lofi_girl_fan","display_name":"Lofi_Girl_Fan","type":"","broadcaster_type":"affiliate","profile_image_url":"https://static-cdn.jtvnw.net/jtv_user_pictures/{h8}-{h4}-{h4}-{h4}-{h12}-profile_image-300x300.png","created_at":"2019-03-14T18:22:41Z"}]}',
  ],
  [
    'n99-twitch-ingest-urls-no-key',
    'Twitch ingest servers (pick the closest):\nrtmp://live-fra.twitch.tv/app/\nrtmp://live-ams.twitch.tv/app/\nrtmp://live.twitch.tv/app/',
  ],
  [
    'n99-twitch-stream-key-template-braces',
    'push rtmp://live.twitch.tv/app/{stream_key};\npush rtmp://a.rtmp.youtube.com/live2/{youtube_key};',
  ],
  [
    'n99-twitch-ffmpeg-env-var-key',
    'ffmpeg -re -i "$INPUT" -c:v libx264 -preset veryfast -b:v 6000k -c:a aac -f flv "rtmp://live.twitch.tv/app/${TWITCH_STREAM_KEY}"',
  ],
  [
    'n99-youtube-watch-and-channel-ids',
    'https://www.youtube.com/watch?v={B11}&list=PL{B32}&index=3\nhttps://www.youtube.com/channel/UC{B22}\nhttps://youtu.be/{B11}?t=842',
  ],
  [
    'n99-youtube-ingest-no-key-docs',
    'YouTube primary ingest: rtmp://a.rtmp.youtube.com/live2\nBackup: rtmp://b.rtmp.youtube.com/live2?backup=1\nRTMPS: rtmps://a.rtmps.youtube.com:443/live2',
  ],
  [
    'n99-obs-log-rtmp-connect-no-key',
    "19:02:11.402: [rtmp stream: 'adv_stream'] Connecting to RTMP URL rtmp://live-fra.twitch.tv/app...\n19:02:11.671: [rtmp stream: 'adv_stream'] Interface: Intel(R) Ethernet Controller I225-V (ethernet, 1000 mbps)\n19:02:12.208: [rtmp stream: 'adv_stream'] Connection to rtmp://live-fra.twitch.tv/app successful\n19:02:12.214: ==== Streaming Start ===============================================",
  ],
  [
    'n99-obs-websocket-config-auth-disabled',
    '{\n  "alerts_enabled": false,\n  "auth_required": false,\n  "first_load": false,\n  "server_enabled": true,\n  "server_password": "",\n  "server_port": 4455\n}',
  ],
  [
    'n99-obs-scene-json-source-uuids',
    '{"name":"Webcam","uuid":"{h8}-{h4}-{h4}-{h4}-{h12}","id":"v4l2_input","versioned_id":"v4l2_input","settings":{"device_id":"/dev/video0","resolution":"1920x1080"},"mixers":0,"sync":0,"flags":0,"volume":1.0}',
  ],
  [
    'n99-ffmpeg-codec-and-x264-params',
    'ffmpeg -i in.mov -c:v libx264 -profile:v high -level 4.2 -x264-params keyint=120:min-keyint=120:scenecut=0:nal-hrd=cbr -b:v 6000k -c:a aac -b:a 160k -tag:v avc1 out.mp4\n#EXT-X-STREAM-INF:BANDWIDTH=6500000,RESOLUTION=1920x1080,CODECS="avc1.64002a,mp4a.40.2"',
  ],
  [
    'n99-hls-aes-key-uri-and-iv',
    '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-MEDIA-SEQUENCE:1842\n#EXT-X-KEY:METHOD=AES-128,URI="https://live.cdn.lan/keys/1842.key",IV=0x{H32}\n#EXTINF:4.000,\nstream_1842.ts',
  ],
  [
    'n99-kick-channel-public-playback-url',
    '{"slug":"xqc","id":{d6},"chatroom":{"id":{d6}},"playback_url":"https://fa723fc1b171.us-west-2.playback.live-video.net/api/video/v1/us-west-2.{d12}.channel.{a12}.m3u8"}',
  ],
  [
    'n99-cloudflare-stream-public-playback-manifest',
    '<video controls src="https://customer-{l16}.cloudflarestream.com/{h32}/manifest/video.m3u8"></video>',
  ],
  ['n99-srt-url-read-no-passphrase', 'ffplay "srt://mtx.lab.lan:8890?streamid=read:live/main&latency=200000&pbkeylen=16"'],
  [
    'n99-rtsp-url-without-credentials',
    'ffmpeg -rtsp_transport tcp -i rtsp://192.168.1.64:554/Streaming/Channels/102 -frames:v 1 -q:v 2 snapshot.jpg',
  ],
  [
    'n99-mediamtx-http-auth-no-creds',
    'authMethod: http\nauthHTTPAddress: http://auth-svc:9000/mediamtx\nauthHTTPExclude:\n  - action: api\n  - action: metrics\npaths:\n  all_others:',
  ],
  [
    'n99-nginx-rtmp-on-publish-config-only',
    'rtmp {\n    server {\n        listen 1935;\n        application live {\n            live on;\n            on_publish http://127.0.0.1:8085/auth;\n            hls on;\n            hls_path /tmp/hls;\n            hls_fragment 3;\n        }\n    }\n}',
  ],
  [
    'n99-stream-key-angle-bracket-docs',
    'In OBS choose Custom..., server rtmp://stream.home.lan/live and Stream Key <stream-key-from-admin-page>. Example: rtmp://stream.home.lan/live/<key>',
  ],
  [
    'n99-owncast-default-abc123-docs',
    'Owncast ships with the admin password and stream key both set to abc123; the first thing the docs ask you to do is open /admin and set new ones.',
  ],
  [
    'n99-icecast-status-json-no-password',
    '{"icestats":{"admin":"icemaster@localhost","host":"radio.lan","server_id":"Icecast 2.4.4","source":{"listenurl":"http://radio.lan:8000/live.mp3","listeners":14,"server_name":"Lab Radio","bitrate":192}}}',
  ],
  [
    'n99-liquidsoap-env-get-password',
    'pass = environment.get("ICECAST_SOURCE_PASSWORD")\noutput.icecast(%mp3(bitrate=192), host="icecast", port=8000, password=pass, mount="/radio.mp3", radio)',
  ],
  [
    'n99-icecast-xml-hackme-shipped-defaults',
    '<!-- shipped defaults from icecast.xml.dist, set real ones before exposing the server -->\n<source-password>hackme</source-password>\n<relay-password>hackme</relay-password>',
  ],
  [
    'n99-immich-asset-json-uuids-checksum',
    '{"id":"{h8}-{h4}-{h4}-{h4}-{h12}","deviceAssetId":"IMG_4821.HEIC-2711543","ownerId":"{h8}-{h4}-{h4}-{h4}-{h12}","checksum":"{b27}=","type":"IMAGE","originalFileName":"IMG_4821.HEIC","fileCreatedAt":"2024-05-30T16:02:11.000Z"}',
  ],
  [
    'n99-photoprism-photo-uids',
    'GET /api/v1/photos/ps{l14}\n"UID": "ps{l14}", "Type": "image", "TakenAt": "2023-08-14T09:21:03Z", "Hash": "{h40}", "AlbumUID": "as{l14}"',
  ],
  [
    'n99-navidrome-song-ids-log',
    'time="2024-06-02T19:12:44Z" level=info msg="Scrobbled" artist="Massive Attack" id={a22} title="Teardrop" user=rachel requestId=nas/{a10}-{d6}',
  ],
  [
    'n99-musicbrainz-ids-tags',
    'MUSICBRAINZ_ALBUMID={h8}-{h4}-{h4}-{h4}-{h12}\nMUSICBRAINZ_ARTISTID={h8}-{h4}-{h4}-{h4}-{h12}\nMUSICBRAINZ_TRACKID={h8}-{h4}-{h4}-{h4}-{h12}\nACOUSTID_ID={h8}-{h4}-{h4}-{h4}-{h12}',
  ],
  [
    'n99-nextcloud-config-php-non-secret-keys',
    "  'instanceid' => 'oc{l10}',\n  'datadirectory' => '/var/www/html/data',\n  'dbtype' => 'pgsql',\n  'version' => '29.0.1.1',\n  'overwrite.cli.url' => 'https://cloud.home.lan',\n  'dbpassword' => getenv('POSTGRES_PASSWORD'),",
  ],
  [
    'n99-nextcloud-webdav-propfind-etags',
    '<d:response><d:href>/remote.php/dav/files/anna/Music/album.flac</d:href><d:propstat><d:prop><d:getetag>&quot;{h32}&quot;</d:getetag><oc:fileid>{d6}</oc:fileid><oc:id>{d8}oc{l10}</oc:id></d:prop></d:propstat></d:response>',
  ],
  [
    'n99-tailscale-status-output',
    '$ tailscale status\n100.101.12.7    nas                  homelab@     linux   -\n100.88.41.19    jellyfin             tagged-devices linux  active; direct 192.168.1.11:41641, tx 1843920 rx 92811\n100.77.3.102    pixel-8              homelab@     android idle, tx 1204 rx 988',
  ],
  [
    'n99-tailscale-authkey-env-reference',
    '    environment:\n      - TS_AUTHKEY=${TS_AUTHKEY}\n      - TS_EXTRA_ARGS=--advertise-tags=tag:media\n      - TS_HOSTNAME=plex',
  ],
  ['n99-wireguard-peer-public-key-only', '[Peer]\nPublicKey = {b43}=\nAllowedIPs = 0.0.0.0/0, ::/0\nEndpoint = 185.213.154.{d2}:51820'],
  ['n99-tailscale-nodekey-public', '$ tailscale debug netmap | jq \'.SelfNode.Key\'\n"nodekey:{h64}"'],
  [
    'n99-public-webhook-url-no-secret',
    'Sonarr > Connect > Webhook\nURL: http://jellyfin:8096/Library/Media/Updated\nMethod: POST\nUsername: (blank)',
  ],
  [
    'n99-discord-webhook-url-angle-placeholders',
    'Webhook URL format: https://discord.com/api/webhooks/<webhook_id>/<webhook_token> (copy it from Server Settings > Integrations).',
  ],
  [
    'n99-tautulli-config-ini-identifiers-only',
    '[PMS]\npms_identifier = {h40}\npms_name = nas\npms_uuid = {h32}\npms_platform = Linux\npms_version = 1.40.3.8555-fef15d30c',
  ],
  [
    'n99-tmdb-tvdb-imdb-id-list',
    'tmdb: 1399   tvdb: 121361   imdb: tt0944947\ntmdb: 66732  tvdb: 305288   imdb: tt4574334\ntmdb: 94605  tvdb: 360893   imdb: tt11126994',
  ],
  [
    'n99-openssl-rand-key-generation-cmd',
    '# generate a new Sonarr key yourself if you want: \nopenssl rand -hex 16\n# then stop the container and put it in config.xml <ApiKey>...</ApiKey>',
  ],
  [
    'n99-overseerr-settings-json-ids-only',
    '{\n  "clientId": "{h8}-{h4}-{h4}-{h4}-{h12}",\n  "vapidPublic": "B{B86}",\n  "main": { "applicationTitle": "Overseerr", "applicationUrl": "https://requests.home.lan", "localLogin": true }\n}',
  ],
  [
    'n99-kometa-config-env-refs',
    'plex:\n  url: http://plex:32400\n  token: <<plex_token>>\ntmdb:\n  apikey: <<tmdb_key>>\n# run with: docker run -e KOMETA_PLEX_TOKEN -e KOMETA_TMDB_KEY kometateam/kometa',
  ],
  [
    'n99-git-commit-and-build-hash-versions',
    'Jellyfin 10.9.6 (commit {h40})\nProwlarr 1.19.0.4568 (branch master, hash {h7})\nOverseerr v1.33.2 ({h7})',
  ],
  [
    'n99-jellyfin-transcode-log-ffmpeg-cmdline',
    '/usr/lib/jellyfin-ffmpeg/ffmpeg -analyzeduration 200M -probesize 1G -init_hw_device vaapi=va:/dev/dri/renderD128 -i file:"/media/movies/Arrival (2016)/Arrival.mkv" -map_metadata -1 -map 0:0 -map 0:1 -codec:v:0 h264_vaapi -b:v 7616000 -f hls -hls_time 3 -hls_segment_filename "/cache/transcodes/{h32}%d.mp4" "/cache/transcodes/{h32}.m3u8"',
  ],
  [
    'n99-emby-device-and-session-ids',
    '{"PlayState":{"PositionTicks":912345000,"CanSeek":true,"IsPaused":false},"Id":"{h32}","UserId":"{h32}","Client":"Emby Theater","DeviceId":"{h8}-{h4}-{h4}-{h4}-{h12}","ApplicationVersion":"3.0.20"}',
  ],
  [
    'n99-audiobookshelf-item-ids',
    'GET /api/items/li_{l18}?expanded=1&include=progress\n{"id":"li_{l18}","libraryId":"lib_{l18}","media":{"metadata":{"title":"Project Hail Mary","asin":"B08G9PRS1K","isbn":"9780593135204"}}}',
  ],
  [
    'n99-transmission-settings-no-auth',
    '    "rpc-authentication-required": false,\n    "rpc-bind-address": "127.0.0.1",\n    "rpc-host-whitelist": "transmission.lan",\n    "rpc-port": 9091,\n    "rpc-whitelist": "127.0.0.1,192.168.1.*",',
  ],
  [
    'n99-sabnzbd-ini-env-refs-and-paths',
    '[misc]\ndownload_dir = /downloads/incomplete\ncomplete_dir = /downloads/complete\nhost_whitelist = sabnzbd, sab.lan\n# api_key comes from SABNZBD__API_KEY at container start',
  ],
];
