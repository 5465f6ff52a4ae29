/** A fifty-eighth held-out batch, written blind: credentials in embedded, IoT, home-automation and network-device configurations (Arduino/ESP sketches, PlatformIO, MicroPython, wpa_supplicant, Home Assistant, ESPHome, Tasmota, Node-RED, Zigbee2MQTT, Z-Wave JS, LoRaWAN, Thread/Matter, OpenWrt, pfSense, MikroTik, UniFi, Cisco/Juniper, cameras, 3D printers, Grafana/InfluxDB), and look-alikes from the same files: EUIs, IEEE addresses, MACs, BLE UUIDs, firmware hashes, public certificates, !secret references and placeholders. */
export const BLIND58_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'iot58-wifi-password-define-esp32-sketch',
    '#include <WiFi.h>\n\n#define WIFI_SSID "Attic-2G"\n#define WIFI_PASSWORD "«{a14}»"\n\nvoid setup() {\n  WiFi.begin(WIFI_SSID, WIFI_PASSWORD);',
  ],
  [
    'iot58-const-char-password-esp8266',
    'const char* ssid     = "Vodafone-7C21";\nconst char* password = "«{a12}»";\nconst char* mqtt_server = "192.168.0.17";',
  ],
  [
    'iot58-pubsubclient-connect-positional-password',
    '  if (client.connect("greenhouse-node-3", "hass_mqtt", "«{a20}»")) {\n    Serial.println("connected");\n    client.subscribe("greenhouse/fan/set");\n  } else {',
  ],
  [
    'iot58-mqtt-pass-define-block',
    '#define MQTT_SERVER "192.168.1.20"\n#define MQTT_PORT   1883\n#define MQTT_USER   "esp"\n#define MQTT_PASS   "«{a16}»"\n#define MQTT_TOPIC  "home/boiler/state"',
  ],
  [
    'iot58-aws-iot-rsa-key-raw-string-secrets-h',
    '// secrets.h\n#define THINGNAME "garage-door-01"\nconst char AWS_IOT_ENDPOINT[] = "a{l13}-ats.iot.eu-central-1.amazonaws.com";\nstatic const char AWS_CERT_PRIVATE[] PROGMEM = R"KEY(\n«-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA{b48}\n{b64}\n{b64}\n-----END RSA PRIVATE KEY-----»\n)KEY";',
  ],
  [
    'iot58-aws-iot-rsa-key-concatenated-c-literals',
    'const char* private_key = \\\n"«-----BEGIN RSA PRIVATE KEY-----\\n" \\\n"MIIEowIBAAKCAQEA{b48}\\n" \\\n"{b64}\\n" \\\n"{b64}\\n" \\\n"-----END RSA PRIVATE KEY-----»\\n";',
  ],
  [
    'iot58-ec-private-key-mbedtls-client-key',
    'static const unsigned char client_key_pem[] =\n"«-----BEGIN EC PRIVATE KEY-----\\n"\n"MHcCAQEEI{b55}\\n"\n"{b64}\\n"\n"{b32}==\\n"\n"-----END EC PRIVATE KEY-----»\\n";',
  ],
  [
    'iot58-blynk-auth-token-define-with-template-id',
    '#define BLYNK_TEMPLATE_ID "TMPL4{a7}"\n#define BLYNK_TEMPLATE_NAME "Pool Pump"\n#define BLYNK_AUTH_TOKEN "«{B32}»"\n\n#include <BlynkSimpleEsp32.h>',
  ],
  [
    'iot58-blynk-legacy-char-auth-and-pass',
    'char auth[] = "«{a32}»";\nchar ssid[] = "HomeNet";\nchar pass[] = "«{a10}»";\n\nBlynk.begin(auth, ssid, pass, "blynk.cloud", 80);',
  ],
  [
    'iot58-thingspeak-write-key-string-with-comment',
    'String apiKey = "«{u16}»";     // Write API Key from channel 2093411\nconst char* server = "api.thingspeak.com";',
  ],
  [
    'iot58-thingspeak-library-write-api-key',
    'unsigned long myChannelNumber = 2{d6};\nconst char * myWriteAPIKey = "«{u16}»";\n...\nint x = ThingSpeak.writeFields(myChannelNumber, myWriteAPIKey);',
  ],
  [
    'iot58-firebase-legacy-database-secret-define',
    '#define FIREBASE_HOST "plant-monitor-{l5}-default-rtdb.firebaseio.com"\n#define FIREBASE_AUTH "«{a40}»"\n\nFirebase.begin(FIREBASE_HOST, FIREBASE_AUTH);\nFirebase.reconnectWiFi(true);',
  ],
  [
    'iot58-firebase-esp-client-legacy-token-config',
    '  config.database_url = DATABASE_URL;\n  config.signer.tokens.legacy_token = "«{a40}»";\n  Firebase.begin(&config, &auth);',
  ],
  [
    'iot58-firebase-esp-client-user-password',
    '  auth.user.email = "node7@greenhouse-ops.de";\n  auth.user.password = "«{a14}»";\n  config.token_status_callback = tokenStatusCallback;',
  ],
  [
    'iot58-adafruit-io-key-config-h',
    '// Adafruit IO config.h\n#define IO_USERNAME  "mkoenig"\n#define IO_KEY       "«aio_{a28}»"\n#include "AdafruitIO_WiFi.h"',
  ],
  [
    'iot58-arduino-secrets-h-pass-and-device-key',
    '#define SECRET_SSID "Lab-IoT"\n#define SECRET_OPTIONAL_PASS "«{a16}»"\n#define SECRET_DEVICE_KEY "«{u20}»"',
  ],
  [
    'iot58-arduino-ota-set-password',
    '  ArduinoOTA.setHostname("porch-light");\n  ArduinoOTA.setPassword("«{a12}»");\n  ArduinoOTA.begin();',
  ],
  [
    'iot58-arduino-ota-set-password-hash-md5',
    '  // MD5(admin) would be 21232f297a57a5a743894a0e4a801fc3, ours is:\n  ArduinoOTA.setPasswordHash("«{h32}»");',
  ],
  [
    'iot58-wifimanager-autoconnect-ap-password',
    '  WiFiManager wm;\n  bool res = wm.autoConnect("SoilSensor-Setup", "«{a12}»");\n  if (!res) ESP.restart();',
  ],
  ['iot58-esp-softap-password-args', '  WiFi.softAP("esp-cam-ap", "«{a10}»", 6, 0, 2);\n  IPAddress ip = WiFi.softAPIP();'],
  [
    'iot58-esp-idf-sdkconfig-wifi-password',
    'CONFIG_ESP_WIFI_SSID="warehouse-iot"\nCONFIG_ESP_WIFI_PASSWORD="«{a18}»"\nCONFIG_ESP_MAXIMUM_RETRY=5\nCONFIG_ESP_WIFI_AUTH_WPA2_PSK=y',
  ],
  [
    'iot58-esp-idf-wifi-config-struct',
    'wifi_config_t wifi_config = {\n    .sta = {\n        .ssid = "barn-ap",\n        .password = "«{a13}»",\n        .threshold.authmode = WIFI_AUTH_WPA2_PSK,\n    },\n};',
  ],
  [
    'iot58-zephyr-prj-conf-static-wifi-password',
    'CONFIG_WIFI=y\nCONFIG_WIFI_CREDENTIALS_STATIC=y\nCONFIG_WIFI_CREDENTIALS_STATIC_SSID="shed"\nCONFIG_WIFI_CREDENTIALS_STATIC_PASSWORD="«{a15}»"',
  ],
  [
    'iot58-esp-webserver-authenticate-literal',
    '  server.on("/relay", []() {\n    if (!server.authenticate("admin", "«{a12}»")) {\n      return server.requestAuthentication();\n    }',
  ],
  [
    'iot58-esp32-telegram-bot-token-define',
    '#define BOTtoken "«{d10}:AA{B33}»"\n#define CHAT_ID "{d9}"\nWiFiClientSecure client;\nUniversalTelegramBot bot(BOTtoken, client);',
  ],
  [
    'iot58-losant-access-secret-connect',
    'const char* LOSANT_DEVICE_ID = "{h24}";\nconst char* LOSANT_ACCESS_KEY = "{h8}-{h4}-4{h3}-9{h3}-{h12}";\nconst char* LOSANT_ACCESS_SECRET = "«{h64}»";',
  ],
  [
    'iot58-ubidots-token-esp-define',
    '#define UBIDOTS_TOKEN "«BBUS-{a30}»"\n#define DEVICE_LABEL "weather-station"\n#define VARIABLE_LABEL "humidity"',
  ],
  [
    'iot58-http-bearer-header-arduino',
    '  http.begin(client, "https://api.solar-ferm.io/v1/readings");\n  http.addHeader("Content-Type", "application/json");\n  http.addHeader("Authorization", "Bearer «{B43}»");',
  ],
  [
    'iot58-ntrip-caster-password-rtk',
    'const char casterHost[] = "rtk2go.com";\nconst uint16_t casterPort = 2101;\nconst char casterUser[] = "farm.rover@ferm.io";\nconst char casterUserPW[] = "«{a10}»";',
  ],
  [
    'iot58-mqtt-tls-psk-byte-array',
    '// PSK identity "sensor-12", key shared with mosquitto psk_file\nstatic const uint8_t psk_key[] = { «0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}» };',
  ],
  ['iot58-mosquitto-psk-file-hex', '# /etc/mosquitto/psk_file\nsensor-12:«{h32}»\nsensor-13:«{h32}»'],
  [
    'iot58-platformio-build-flags-escaped-quotes',
    '[env:d1_mini]\nplatform = espressif8266\nboard = d1_mini\nbuild_flags =\n  -D WIFI_SSID=\\"Loft\\"\n  -D WIFI_PASS=\\"«{a14}»\\"',
  ],
  [
    'iot58-platformio-mqtt-password-single-quoted-flag',
    'build_flags =\n    -DMQTT_HOST=\'"10.0.0.2"\'\n    -DMQTT_PASSWORD=\'"«{a18}»"\'\n    -DCORE_DEBUG_LEVEL=3',
  ],
  [
    'iot58-platformio-espota-auth-upload-flags',
    '[env:esp32-ota]\nupload_protocol = espota\nupload_port = 192.168.4.31\nupload_flags =\n  --auth=«{a12}»\n  --port=3232',
  ],
  [
    'iot58-platformio-blynk-token-quoted-flag',
    'build_flags =\n  \'-D BLYNK_AUTH_TOKEN="«{B32}»"\'\n  \'-D BLYNK_TEMPLATE_NAME="Aquarium"\'',
  ],
  [
    'iot58-platformio-sysenv-export-ota-password',
    '$ export PLATFORMIO_BUILD_FLAGS=\'-DOTA_PASSWORD=\\"«{a16}»\\"\'\n$ pio run -e nodemcuv2 -t upload',
  ],
  [
    'iot58-micropython-main-wlan-connect',
    "import network\nwlan = network.WLAN(network.STA_IF)\nwlan.active(True)\nwlan.connect('Greenhouse', '«{a12}»')\nwhile not wlan.isconnected():\n    pass",
  ],
  [
    'iot58-micropython-config-py-wifi-and-mqtt',
    '# config.py\nWIFI_SSID = "Kitchen"\nWIFI_PASSWORD = "«{a16}»"\nMQTT_BROKER = "10.0.0.5"\nMQTT_USER = "pico"\nMQTT_PASSWORD = "«{a20}»"',
  ],
  [
    'iot58-umqtt-client-password-kwarg',
    'from umqtt.simple import MQTTClient\nc = MQTTClient("pico-w-01", "{h32}.s1.eu.hivemq.cloud", user="pico", password="«{a18}»", ssl=True, port=8883)\nc.connect()',
  ],
  [
    'iot58-circuitpython-settings-toml',
    'CIRCUITPY_WIFI_SSID = "Studio"\nCIRCUITPY_WIFI_PASSWORD = "«{a14}»"\nCIRCUITPY_WEB_API_PASSWORD = "«{a12}»"\nADAFRUIT_AIO_USERNAME = "jpeer"\nADAFRUIT_AIO_KEY = "«aio_{a28}»"',
  ],
  [
    'iot58-circuitpython-secrets-py-dict',
    "secrets = {\n    'ssid' : 'Porch',\n    'password' : '«{a12}»',\n    'aio_username' : 'jpeer',\n    'aio_key' : '«aio_{a28}»',\n    'timezone' : \"Europe/Berlin\",\n}",
  ],
  ['iot58-micropython-webrepl-cfg', "# webrepl_cfg.py\nPASS = '«{a9}»'"],
  [
    'iot58-micropython-aws-private-key-bytes',
    'CERT = open("/certs/device.pem.crt").read()\nKEY = b"""«-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC{b32}\n{b64}\n{b64}\n-----END PRIVATE KEY-----»"""',
  ],
  [
    'iot58-micropython-thingspeak-urequests-url',
    'r = urequests.get("https://api.thingspeak.com/update?api_key=«{u16}»&field1={}".format(temp))\nr.close()',
  ],
  [
    'iot58-wpa-supplicant-quoted-psk',
    'ctrl_interface=DIR=/var/run/wpa_supplicant GROUP=netdev\nupdate_config=1\ncountry=DE\n\nnetwork={\n    ssid="Bergfeld"\n    psk="«{a16}»"\n    key_mgmt=WPA-PSK\n}',
  ],
  [
    'iot58-wpa-passphrase-output-plain-and-hex',
    '$ wpa_passphrase Dachboden\n# reading passphrase from stdin\nnetwork={\n\tssid="Dachboden"\n\t#psk="«{a14}»"\n\tpsk=«{h64}»\n}',
  ],
  [
    'iot58-firstrun-heredoc-hex-psk',
    'cat >/etc/wpa_supplicant/wpa_supplicant.conf <<\'WPAEOF\'\ncountry=GB\nnetwork={\n\tssid="Shed"\n\tpsk=«{h64}»\n}\nWPAEOF',
  ],
  [
    'iot58-wpa-eap-peap-password',
    'network={\n    ssid="eduroam"\n    key_mgmt=WPA-EAP\n    eap=PEAP\n    identity="s1234567@uni-freiburg.de"\n    password="«{a14}»"\n    phase2="auth=MSCHAPV2"\n}',
  ],
  ['iot58-wpa-eap-nt-hash-password', '    identity="jkraus"\n    password=hash:«{h32}»\n    phase2="auth=MSCHAPV2"'],
  ['iot58-networkmanager-keyfile-psk', '[wifi]\nmode=infrastructure\nssid=Loft-5G\n\n[wifi-security]\nkey-mgmt=wpa-psk\npsk=«{a18}»'],
  [
    'iot58-netplan-wifi-access-point-password',
    'network:\n  version: 2\n  wifis:\n    wlan0:\n      dhcp4: true\n      access-points:\n        "Loft-5G":\n          password: "«{a16}»"',
  ],
  [
    'iot58-nmcli-wifi-connect-password',
    'pi@raspberrypi:~ $ sudo nmcli dev wifi connect "Cafe-Upstairs" password "«{a12}»" ifname wlan0\nDevice \'wlan0\' successfully activated with \'{h8}-{h4}-4{h3}-a{h3}-{h12}\'.',
  ],
  [
    'iot58-raspi-config-nonint-wifi-passphrase',
    'sudo raspi-config nonint do_wifi_country DE\nsudo raspi-config nonint do_wifi_ssid_passphrase Atelier «{a14}»',
  ],
  [
    'iot58-pi-imager-network-config-hex-password',
    '# network-config (written by Raspberry Pi Imager)\nwifis:\n  wlan0:\n    dhcp4: true\n    access-points:\n      "Atelier":\n        password: "«{h64}»"',
  ],
  [
    'iot58-cloud-init-user-data-sha256crypt-passwd',
    'users:\n  - name: pi\n    groups: users,adm,dialout,gpio,i2c,spi\n    shell: /bin/bash\n    lock_passwd: false\n    passwd: «$5${p16}${p43}»',
  ],
  ['iot58-pi-userconf-txt-sha512crypt', '$ cat /boot/firmware/userconf.txt\npi:«$6${p16}${p86}»'],
  [
    'iot58-ha-secrets-yaml-wifi-and-mqtt',
    '# secrets.yaml\nwifi_ssid: "Hausnetz"\nwifi_password: "«{a16}»"\nmqtt_password: «{a20}»\nhome_latitude: 52.5208',
  ],
  [
    'iot58-ha-influxdb-v2-token-inline',
    'influxdb:\n  api_version: 2\n  ssl: false\n  host: 192.168.1.30\n  port: 8086\n  token: «{B86}==»\n  organization: {h16}\n  bucket: home_assistant',
  ],
  [
    'iot58-ha-long-lived-token-curl-states',
    'curl -s -H "Authorization: Bearer «eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.{B110}.{B43}»" \\\n  -H "Content-Type: application/json" \\\n  http://homeassistant.local:8123/api/states/sensor.outdoor_temp',
  ],
  [
    'iot58-ha-rest-command-bearer-header',
    'rest_command:\n  unlock_gate:\n    url: http://10.0.20.4/api/relay/0\n    method: post\n    headers:\n      authorization: "Bearer «{a40}»"',
  ],
  [
    'iot58-ha-telegram-bot-api-key',
    'telegram_bot:\n  - platform: polling\n    api_key: «{d10}:AA{B33}»\n    allowed_chat_ids:\n      - {d9}',
  ],
  [
    'iot58-ha-pushover-api-key-with-secret-user',
    'notify:\n  - name: phone\n    platform: pushover\n    api_key: «a{l29}»\n    user_key: !secret pushover_user_key',
  ],
  [
    'iot58-ha-recorder-mysql-db-url',
    'recorder:\n  purge_keep_days: 14\n  db_url: mysql://homeassistant:«{a18}»@core-mariadb/homeassistant?charset=utf8mb4',
  ],
  [
    'iot58-ha-generic-camera-password',
    'camera:\n  - platform: generic\n    name: Gate\n    still_image_url: http://192.168.1.64/ISAPI/Streaming/channels/101/picture\n    username: admin\n    password: «{a12}»\n    authentication: digest',
  ],
  [
    'iot58-ha-storage-auth-jwt-key',
    '    "refresh_tokens": [\n      {\n        "id": "{h32}",\n        "user_id": "{h32}",\n        "client_name": "Tablet Dashboard",\n        "token_type": "long_lived_access_token",\n        "token": "«{h128}»",\n        "jwt_key": "«{h128}»",',
  ],
  [
    'iot58-ha-cloudflared-addon-tunnel-token',
    '# Cloudflared add-on configuration\nexternal_hostname: ha.ferm-farm.de\ntunnel_token: «eyJhIjoi{b180}»',
  ],
  [
    'iot58-ha-shell-command-curl-user-pass',
    "shell_command:\n  snapshot_gate: 'curl -s -u admin:«{a12}» -o /config/www/gate.jpg http://192.168.1.64/ISAPI/Streaming/channels/101/picture'",
  ],
  [
    'iot58-ha-mosquitto-addon-logins',
    'logins:\n  - username: zigbee2mqtt\n    password: «{a20}»\n  - username: frigate\n    password: «{a20}»\nrequire_certificate: false',
  ],
  [
    'iot58-alexa-lambda-long-lived-token-env',
    'Environment variables (3)\nBASE_URL                  https://ha.ferm-farm.de\nDEBUG                     False\nLONG_LIVED_ACCESS_TOKEN   «eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.{B110}.{B43}»',
  ],
  [
    'iot58-ha-rest-sensor-appid-in-resource',
    'sensor:\n  - platform: rest\n    name: owm_raw\n    resource: https://api.openweathermap.org/data/3.0/onecall?lat=48.1&lon=11.5&units=metric&appid=«{h32}»\n    value_template: "{{ value_json.current.temp }}"',
  ],
  [
    'iot58-esphome-api-key-and-ota-password',
    'api:\n  encryption:\n    key: "«{b43}=»"\n\nota:\n  - platform: esphome\n    password: "«{h32}»"',
  ],
  [
    'iot58-esphome-fallback-ap-password-beside-secrets',
    'wifi:\n  ssid: !secret wifi_ssid\n  password: !secret wifi_password\n  ap:\n    ssid: "Kitchen-Plug Fallback"\n    password: "«{a12}»"\ncaptive_portal:',
  ],
  ['iot58-esphome-legacy-api-password', 'api:\n  password: "«{a16}»"\n  reboot_timeout: 0s'],
  ['iot58-esphome-web-server-auth', 'web_server:\n  port: 80\n  auth:\n    username: admin\n    password: «{a14}»'],
  [
    'iot58-esphome-secrets-yaml-all',
    '# esphome/secrets.yaml\nwifi_ssid: "IoT-VLAN"\nwifi_password: "«{a18}»"\napi_key: "«{b43}=»"\nota_password: "«{h32}»"',
  ],
  [
    'iot58-esphome-substitution-holding-key',
    'substitutions:\n  name: bathroom-fan\n  api_key: "«{b43}=»"\n\napi:\n  encryption:\n    key: ${api_key}',
  ],
  [
    'iot58-esphome-key-in-chat-prose',
    'HA keeps saying "invalid encryption key" for the new plug. The key in the yaml is «{b43}=» and I copied it exactly into the ESPHome integration dialog, any idea?',
  ],
  ['iot58-esphome-mqtt-password', 'mqtt:\n  broker: 10.0.0.2\n  username: esphome\n  password: «{a20}»\n  discovery: true'],
  [
    'iot58-esphome-http-request-pushover-token',
    'on_press:\n  - http_request.post:\n      url: https://api.pushover.net/1/messages.json\n      json:\n        token: "«a{l29}»"\n        user: !secret pushover_user\n        message: "Doorbell"',
  ],
  [
    'iot58-esphome-wireguard-private-key',
    'wireguard:\n  address: 10.6.0.4\n  private_key: «{b43}=»\n  peer_endpoint: vpn.ferm-farm.de\n  peer_public_key: {b43}=\n  peer_preshared_key: «{b43}=»',
  ],
  [
    'iot58-tasmota-backlog-wifi-and-mqtt',
    'Backlog SSID1 Wohnzimmer; Password1 «{a14}»; MqttHost 192.168.178.40; MqttUser tasmota; MqttPassword «{a18}»; Topic plug_tv',
  ],
  ['iot58-tasmota-webpassword-console', '12:03:44.201 CMD: WebPassword «{a12}»\n12:03:44.206 RSL: RESULT = {"WebPassword":"****"}'],
  ['iot58-tasmota-http-cmnd-url-password', 'curl "http://192.168.1.77/cm?user=admin&password=«{a12}»&cmnd=Power%20TOGGLE"'],
  [
    'iot58-tasmota-user-config-override',
    '#undef  STA_SSID1\n#define STA_SSID1         "Keller"\n#undef  STA_PASS1\n#define STA_PASS1         "«{a16}»"\n#undef  MQTT_PASS\n#define MQTT_PASS         "«{a16}»"',
  ],
  [
    'iot58-tasmota-rule-websend-pushover',
    'Rule1 ON Power1#State=1 DO WebSend [api.pushover.net] /1/messages.json?token=«a{l29}»&user=%user%&message=Pump+on ENDON',
  ],
  ['iot58-tasmota-tlskey-aws-iot', 'TlsKey1 «{b43}=»\nTlsKey2 MIIBwzCCAWmgAwIBAgIU{b52}'],
  [
    'iot58-node-red-settings-credential-secret',
    'module.exports = {\n    flowFile: \'flows.json\',\n    credentialSecret: "«{a32}»",\n    uiPort: process.env.PORT || 1880,',
  ],
  [
    'iot58-node-red-admin-auth-bcrypt',
    '    adminAuth: {\n        type: "credentials",\n        users: [{\n            username: "admin",\n            password: "«$2b$08${p53}»",\n            permissions: "*"\n        }]\n    },',
  ],
  [
    'iot58-node-red-flows-cred-plaintext',
    '{\n    "{h16}": {\n        "user": "nodered",\n        "password": "«{a20}»"\n    },\n    "{h16}": {\n        "token": "«{a40}»"\n    }\n}',
  ],
  [
    'iot58-node-red-http-node-auth-bcrypt',
    '    httpNodeAuth: {user:"dash", pass:"«$2a$08${p53}»"},\n    httpStaticAuth: {user:"dash", pass:"«$2a$08${p53}»"},',
  ],
  [
    'iot58-node-red-docker-credential-secret-env',
    'docker run -d -p 1880:1880 -e NODE_RED_CREDENTIAL_SECRET=«{a24}» -v node_red_data:/data --name mynodered nodered/node-red',
  ],
  ['iot58-node-red-admin-hash-pw-output', '$ node-red admin hash-pw\nPassword:\n«$2b$08${p53}»'],
  [
    'iot58-node-red-function-node-api-key',
    '{"id":"{h16}","type":"function","z":"{h16}","name":"build request","func":"msg.headers = {\'X-Api-Key\': \'«{a32}»\'};\\nreturn msg;","outputs":1}',
  ],
  [
    'iot58-node-red-export-with-credentials',
    '{"id":"{h16}","type":"mqtt-broker","name":"mosquitto","broker":"10.0.0.2","port":"1883","credentials":{"user":"nodered","password":"«{a16}»"}}',
  ],
  [
    'iot58-zigbee2mqtt-network-key-inline-array',
    'advanced:\n  pan_id: 6754\n  ext_pan_id: [221, 221, 221, 221, 221, 221, 221, 221]\n  channel: 15\n  network_key: «[1{d2}, 2{d1}, 1{d2}, 9{d1}, 2{d1}, 1{d2}, 6{d1}, 1{d2}, 3{d1}, 1{d2}, 8{d1}, 2{d1}, 1{d2}, 5{d1}, 1{d2}, 7{d1}]»',
  ],
  [
    'iot58-zigbee2mqtt-network-key-chat-paste',
    "after the restore my devices won't rejoin. config has network_key: «[2{d1}, 1{d2}, 4{d1}, 1{d2}, 7{d1}, 2{d1}, 1{d2}, 9{d1}, 1{d2}, 3{d1}, 6{d1}, 1{d2}, 2{d1}, 8{d1}, 1{d2}, 5{d1}]» and pan_id 0x1a62, is that wrong?",
  ],
  [
    'iot58-zigbee2mqtt-mqtt-password-and-frontend-token',
    'mqtt:\n  base_topic: zigbee2mqtt\n  server: mqtt://core-mosquitto:1883\n  user: z2m\n  password: «{a20}»\nfrontend:\n  port: 8099\n  auth_token: «{a32}»',
  ],
  [
    'iot58-zigbee2mqtt-compose-env-mqtt-password',
    '  zigbee2mqtt:\n    image: koenkk/zigbee2mqtt:1.38.0\n    environment:\n      - TZ=Europe/Berlin\n      - ZIGBEE2MQTT_CONFIG_MQTT_PASSWORD=«{a20}»\n    devices:\n      - /dev/serial/by-id/usb-ITead_Sonoff_Zigbee_3.0_USB_Dongle_Plus_{h32}-if00-port0:/dev/ttyACM0',
  ],
  [
    'iot58-zigpy-open-coordinator-backup-network-key',
    '{\n  "metadata": {"format": "zigpy/open-coordinator-backup", "version": 1},\n  "coordinator_ieee": "00124b00{h8}",\n  "pan_id": "1a62",\n  "extended_pan_id": "dddddddddddddddd",\n  "channel": 15,\n  "network_key": {"key": "«{h32}»", "sequence_number": 0, "frame_counter": 84211}\n}',
  ],
  [
    'iot58-zha-zigpy-config-network-key-colon-hex',
    'zha:\n  zigpy_config:\n    network:\n      channel: 25\n      key: «{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}»',
  ],
  [
    'iot58-zwave-js-ui-settings-security-keys',
    '  "zwave": {\n    "port": "/dev/serial/by-id/usb-Silicon_Labs_CP2102N_{h32}-if00-port0",\n    "securityKeys": {\n      "S2_Unauthenticated": "«{H32}»",\n      "S2_Authenticated": "«{H32}»",\n      "S2_AccessControl": "«{H32}»",\n      "S0_Legacy": "«{H32}»"\n    },',
  ],
  [
    'iot58-zwave-js-docker-key-env',
    '    environment:\n      - TZ=Europe/Amsterdam\n      - KEY_S0_Legacy=«{H32}»\n      - KEY_S2_Unauthenticated=«{H32}»\n      - KEY_S2_Authenticated=«{H32}»\n      - KEY_S2_AccessControl=«{H32}»',
  ],
  [
    'iot58-ha-zwave-js-addon-options-keys',
    'device: /dev/serial/by-id/usb-0658_0200-if00\ns0_legacy_key: «{H32}»\ns2_access_control_key: «{H32}»\ns2_authenticated_key: «{H32}»\ns2_unauthenticated_key: «{H32}»\nlr_s2_access_control_key: «{H32}»',
  ],
  [
    'iot58-openzwave-network-key-0x-list',
    'zwave:\n  usb_path: /dev/ttyACM0\n  network_key: "«0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}»"',
  ],
  ['iot58-ttn-cli-login-api-key', '$ ttn-lw-cli use eu1.cloud.thethings.network\n$ ttn-lw-cli login --api-key «NNSXS.{c39}.{c52}»'],
  [
    'iot58-ttn-mosquitto-sub-api-key-password',
    'mosquitto_sub -h eu1.cloud.thethings.network -p 8883 --capath /etc/ssl/certs \\\n  -u "soil-sensors@ttn" -P "«NNSXS.{c39}.{c52}»" -t "v3/+/devices/+/up" -v',
  ],
  [
    'iot58-lmic-otaa-appkey-beside-euis',
    '// LSB\nstatic const u1_t PROGMEM APPEUI[8]={ 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00 };\n// LSB\nstatic const u1_t PROGMEM DEVEUI[8]={ 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x7E, 0xD5, 0xB3, 0x70 };\n// MSB\nstatic const u1_t PROGMEM APPKEY[16] = { «0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}» };',
  ],
  [
    'iot58-lmic-abp-nwkskey-appskey',
    'static const PROGMEM u1_t NWKSKEY[16] = { «0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}» };\nstatic const u1_t PROGMEM APPSKEY[16] = { «0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}» };\nstatic const u4_t DEVADDR = 0x260B{H4};',
  ],
  [
    'iot58-radiolib-appkey-nwkkey-arrays',
    'uint64_t joinEUI = 0x0000000000000000;\nuint64_t devEUI  = 0x70B3D57ED00{H5};\nuint8_t appKey[] = { «0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}» };',
  ],
  [
    'iot58-wio-e5-at-key-appkey',
    'AT+ID=DevEui,"2CF7F1C0{H8}"\nAT+ID=AppEui,"0000000000000000"\nAT+KEY=APPKEY,"«{H32}»"\nAT+MODE=LWOTAA\nAT+JOIN',
  ],
  ['iot58-rak-at-appkey', 'AT+DEVEUI=AC1F09FFFE{H6}\nAT+APPEUI=0000000000000000\nAT+APPKEY=«{H32}»\nAT+NJM=1\nAT+JOIN=1:0:10:8'],
  [
    'iot58-chirpstack-device-keys-response',
    '$ grpcurl -H "authorization: Bearer $CS_TOKEN" ... api.DeviceService/GetKeys\n{\n  "deviceKeys": {\n    "nwkKey": "«{h32}»",\n    "appKey": "«{h32}»"\n  }\n}',
  ],
  [
    'iot58-chirpstack-api-token-jwt-export',
    'export CHIRPSTACK_API_TOKEN=«eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.{B140}.{B43}»\nchirpstack-cli device list --application-id {h8}-{h4}-4{h3}-8{h3}-{h12}',
  ],
  [
    'iot58-ttn-bulk-import-csv-app-key',
    'id,dev_eui,join_eui,app_key,frequency_plan_id\nsoil-07,70B3D57ED005{H4},0000000000000000,«{H32}»,EU_863_870_TTN\nsoil-08,70B3D57ED005{H4},0000000000000000,«{H32}»,EU_863_870_TTN',
  ],
  [
    'iot58-ttn-abp-session-keys-json',
    '  "session": {\n    "dev_addr": "260B{H4}",\n    "keys": {\n      "app_s_key": {"key": "«{H32}»"},\n      "f_nwk_s_int_key": {"key": "«{H32}»"}\n    }\n  }',
  ],
  [
    'iot58-basics-station-tc-key-file',
    '$ cat /var/lib/basicstation/tc.key\nAuthorization: Bearer «NNSXS.{c39}.{c52}»\n$ cat tc.uri\nwss://eu1.cloud.thethings.network:8887',
  ],
  [
    'iot58-particle-token-create-output',
    '$ particle token create\n? Using account ops@ferm.io\nNew access token expires on Fri Jul 12 2024 10:40:55 GMT+0200\n    «{h40}»',
  ],
  [
    'iot58-particle-function-call-access-token-form',
    'curl https://api.particle.io/v1/devices/e00fce68{h16}/setRelay \\\n  -d arg="on" \\\n  -d access_token=«{h40}»',
  ],
  [
    'iot58-tinytuya-devices-json-local-key',
    '[\n  {\n    "name": "Desk Lamp",\n    "id": "bf{l20}",\n    "key": "«{a5}^{a4}|{a5}»",\n    "mac": "a4:cf:12:{h2}:{h2}:{h2}",\n    "ip": "192.168.1.58",\n    "version": "3.3"\n  }\n]',
  ],
  [
    'iot58-tinytuya-outlet-device-local-key-kwarg',
    "import tinytuya\nd = tinytuya.OutletDevice(dev_id='bf{l20}', address='10.0.0.41', local_key='«{a16}»', version=3.4)\nprint(d.status())",
  ],
  [
    'iot58-tinytuya-json-api-secret',
    '{\n    "apiKey": "{l20}",\n    "apiSecret": "«{l32}»",\n    "apiRegion": "eu",\n    "apiDeviceID": "bf{l20}"\n}',
  ],
  ['iot58-shelly-gen2-digest-curl', 'curl --digest -u admin:«{a14}» http://192.168.33.1/rpc/Shelly.GetStatus'],
  [
    'iot58-shelly-gen1-settings-login-url',
    'curl "http://10.0.1.23/settings/login?enabled=1&unprotected=0&username=admin&password=«{a12}»"',
  ],
  ['iot58-shelly-cloud-auth-key-env', 'SHELLY_CLOUD_SERVER="https://shelly-49-eu.shelly.cloud"\nSHELLY_CLOUD_AUTH_KEY="«{b80}»"'],
  ['iot58-shelly-setauth-ha1', '{"id":1,"method":"Shelly.SetAuth","params":{"user":"admin","realm":"shellyplus1-{h12}","ha1":"«{h64}»"}}'],
  ['iot58-hubitat-maker-api-uuid-token', 'http://192.168.1.50/apps/api/412/devices/all?access_token=«{h8}-{h4}-{h4}-{h4}-{h12}»'],
  [
    'iot58-smartthings-pat-uuid-bearer',
    'curl -H "Authorization: Bearer «{h8}-{h4}-{h4}-{h4}-{h12}»" https://api.smartthings.com/v1/devices',
  ],
  ['iot58-hue-bridge-username-in-url-path', 'curl -X PUT -d \'{"on":false}\' http://192.168.1.2/api/«{a40}»/lights/7/state'],
  [
    'iot58-hue-pairing-response-username-clientkey',
    '$ curl -X POST -d \'{"devicetype":"ha#pi","generateclientkey":true}\' http://192.168.1.2/api\n[{"success":{"username":"«{a40}»","clientkey":"«{H32}»"}}]',
  ],
  ['iot58-hue-v2-application-key-header', 'curl -k -H "hue-application-key: «{a40}»" https://192.168.1.2/clip/v2/resource/light'],
  ['iot58-deconz-api-key-url', "curl http://10.0.0.9:40850/api/«{H10}»/sensors | jq '.[] | .name'"],
  ['iot58-switchbot-token-and-secret', 'SWITCHBOT_TOKEN=«{h96}»\nSWITCHBOT_SECRET=«{h32}»'],
  ['iot58-govee-api-key-header-uuid', 'curl -H "Govee-API-Key: «{h8}-{h4}-{h4}-{h4}-{h12}»" https://developer-api.govee.com/v1/devices'],
  [
    'iot58-openwrt-uci-wifi-iface-key',
    "config wifi-iface 'default_radio0'\n\toption device 'radio0'\n\toption network 'lan'\n\toption mode 'ap'\n\toption ssid 'OpenWrt-Home'\n\toption encryption 'sae-mixed'\n\toption key '«{a16}»'",
  ],
  [
    'iot58-openwrt-uci-set-key-shell',
    "root@OpenWrt:~# uci set wireless.@wifi-iface[0].key='«{a14}»'\nroot@OpenWrt:~# uci commit wireless\nroot@OpenWrt:~# wifi reload",
  ],
  [
    'iot58-openwrt-wireguard-private-and-preshared',
    "config interface 'wg0'\n\toption proto 'wireguard'\n\toption private_key '«{b43}=»'\n\tlist addresses '10.14.0.1/24'\n\nconfig wireguard_wg0\n\toption public_key '{b43}='\n\toption preshared_key '«{b43}=»'",
  ],
  [
    'iot58-openwrt-pppoe-password',
    "config interface 'wan'\n\toption device 'eth1.7'\n\toption proto 'pppoe'\n\toption username '00{d10}#0001@t-online.de'\n\toption password '«{a12}»'",
  ],
  [
    'iot58-openwrt-ddns-duckdns-token',
    "config service 'myddns_ipv4'\n\toption service_name 'duckdns.org'\n\toption domain 'ferm-home.duckdns.org'\n\toption username 'NA'\n\toption password '«{h8}-{h4}-{h4}-{h4}-{h12}»'",
  ],
  ['iot58-openwrt-shadow-md5crypt-root', 'root@OpenWrt:~# head -1 /etc/shadow\nroot:«$1${p8}${p22}»:19750:0:99999:7:::'],
  ['iot58-mosquitto-passwd-file-sha512-pbkdf2', '$ cat /etc/mosquitto/passwd\nha:«$7$101${b16}${b86}==»\nz2m:«$7$101${b16}${b86}==»'],
  [
    'iot58-pfsense-user-bcrypt-hash',
    '<user>\n\t<name>admin</name>\n\t<descr><![CDATA[System Administrator]]></descr>\n\t<scope>system</scope>\n\t<groupname>admins</groupname>\n\t<bcrypt-hash>«$2y$10${p53}»</bcrypt-hash>\n\t<uid>0</uid>\n</user>',
  ],
  [
    'iot58-pfsense-ipsec-pre-shared-key',
    '<phase1>\n\t<ikeid>1</ikeid>\n\t<remote-gateway>203.0.113.40</remote-gateway>\n\t<authentication_method>pre_shared_key</authentication_method>\n\t<pre-shared-key>«{a32}»</pre-shared-key>\n\t<descr><![CDATA[office tunnel]]></descr>\n</phase1>',
  ],
  [
    'iot58-pfsense-cert-prv-base64-pem',
    '<cert>\n\t<refid>{h13}</refid>\n\t<descr><![CDATA[webConfigurator default]]></descr>\n\t<crt>LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSU{b120}</crt>\n\t<prv>«LS0tLS1CRUdJTiBQUklWQVRFIEtFWS0tLS0tCk1JSU{b160}»</prv>\n</cert>',
  ],
  [
    'iot58-pfsense-wireguard-privatekey',
    '<tunnels>\n\t<item>\n\t\t<name>tun_wg0</name>\n\t\t<listenport>51820</listenport>\n\t\t<privatekey>«{b43}=»</privatekey>\n\t\t<publickey>{b43}=</publickey>',
  ],
  ['iot58-opnsense-apikey-txt', '$ cat ~/Downloads/OPNsense.localdomain_root_apikey.txt\nkey=«{b80}»\nsecret=«{b80}»'],
  [
    'iot58-opnsense-openvpn-static-key',
    '<shared_key>«-----BEGIN OpenVPN Static key V1-----\n{h32}\n{h32}\n{h32}\n{h32}\n-----END OpenVPN Static key V1-----»</shared_key>',
  ],
  [
    'iot58-pfsense-dyndns-cloudflare-token',
    '<dyndns>\n\t<type>cloudflare</type>\n\t<host>vpn</host>\n\t<domainname>ferm-farm.de</domainname>\n\t<username>ops@ferm-farm.de</username>\n\t<password>«{B40}»</password>\n</dyndns>',
  ],
  [
    'iot58-mikrotik-security-profile-psk',
    '/interface wireless security-profiles\nset [ find default=yes ] supplicant-identity=MikroTik\nadd authentication-types=wpa2-psk mode=dynamic-keys name=home supplicant-identity="" wpa2-pre-shared-key=«{a16}»',
  ],
  ['iot58-mikrotik-user-add-password', '/user add name=netops group=full password=«{a14}» address=10.0.0.0/24'],
  [
    'iot58-mikrotik-wifi-security-passphrase-v7',
    '/interface wifi security\nadd authentication-types=wpa2-psk,wpa3-psk disable-pmkid=yes name=sec-home passphrase="«{a18}»"',
  ],
  [
    'iot58-mikrotik-pppoe-client-password',
    '/interface pppoe-client\nadd add-default-route=yes disabled=no interface=ether1 name=pppoe-out1 password=«{a12}» use-peer-dns=yes user=b{d7}@ftth.net',
  ],
  [
    'iot58-mikrotik-wireguard-private-key',
    '/interface wireguard\nadd listen-port=13231 mtu=1420 name=wg1 private-key="«{b43}=»"\n/interface wireguard peers\nadd allowed-address=10.8.0.2/32 interface=wg1 public-key="{b43}="',
  ],
  ['iot58-mikrotik-ipsec-identity-secret', '/ip ipsec identity\nadd peer=office secret="«{a24}»"'],
  [
    'iot58-unifi-mongo-wlanconf-x-passphrase',
    '> db.wlanconf.find({}, {name:1, x_passphrase:1})\n{ "_id" : ObjectId("{h24}"), "name" : "Home", "x_passphrase" : "«{a16}»" }',
  ],
  [
    'iot58-unifi-mongo-admin-x-shadow',
    '> db.admin.find({}, {name:1, x_shadow:1})\n{ "_id" : ObjectId("{h24}"), "name" : "admin", "x_shadow" : "«$6${p16}${p86}»" }',
  ],
  [
    'iot58-unifi-device-mgmt-authkey',
    'BZ.v6.6.65# grep mgmt /tmp/system.cfg\nmgmt.is_default=false\nmgmt.authkey=«{h32}»\nmgmt.servers.1.url=http://192.168.1.2:8080/inform',
  ],
  ['iot58-unifi-network-api-key-header', 'curl -k -H "X-API-KEY: «{B32}»" https://192.168.1.1/proxy/network/integration/v1/sites'],
  [
    'iot58-unifi-site-settings-ssh-and-radius-secret',
    '{ "key" : "mgmt", "x_ssh_enabled" : true, "x_ssh_username" : "ubnt-ops", "x_ssh_password" : "«{a16}»" }\n{ "name" : "Default", "x_secret" : "«{a20}»", "auth_servers" : [ { "ip" : "10.0.0.10", "port" : 1812 } ] }',
  ],
  [
    'iot58-cisco-ios-ap-wpa-psk-ascii',
    'dot11 ssid CORP-GUEST\n   vlan 30\n   authentication open\n   authentication key-management wpa version 2\n   wpa-psk ascii 0 «{a16}»\n   guest-mode',
  ],
  [
    'iot58-cisco-aireos-akm-psk-set-key',
    '(Cisco Controller) >config wlan disable 3\n(Cisco Controller) >config wlan security wpa akm psk set-key ascii «{a14}» 3\n(Cisco Controller) >config wlan enable 3',
  ],
  [
    'iot58-cisco-9800-wlan-psk',
    'wlan IOT-NET 5 IOT-NET\n no security wpa akm dot1x\n security wpa psk set-key ascii 0 «{a20}»\n security wpa akm psk\n no shutdown',
  ],
  ['iot58-cisco-type7-and-type9-secrets', 'username backup privilege 15 password 7 «0{d1}{H18}»\nenable secret 9 «$9${p14}${p43}»'],
  [
    'iot58-cisco-snmp-community-and-tacacs-key',
    'snmp-server community «{a14}» RO 10\ntacacs server ISE\n address ipv4 10.1.1.5\n key 0 «{a18}»',
  ],
  [
    'iot58-juniper-ike-pre-shared-key-dollar9',
    'set security ike policy ike-pol mode main\nset security ike policy ike-pol proposals ike-prop\nset security ike policy ike-pol pre-shared-key ascii-text "«$9${a40}»"',
  ],
  [
    'iot58-aruba-instant-wpa-passphrase',
    'wlan ssid-profile IoT\n enable\n type employee\n essid IoT\n opmode wpa2-psk-aes\n wpa-passphrase «{a16}»',
  ],
  [
    'iot58-mist-wlan-json-psk',
    '{\n  "ssid": "Warehouse-Scanners",\n  "auth": {"type": "psk", "psk": "«{a16}»", "pairwise": ["wpa2-ccmp"]},\n  "vlan_id": 40\n}',
  ],
  [
    'iot58-cups-lpadmin-ipps-uri-credentials',
    'sudo lpadmin -p Office-MFP -E -v "ipps://scan:«{a12}»@192.168.1.40/ipp/print" -m everywhere',
  ],
  ['iot58-truenas-api-key-bearer', 'curl -s -H "Authorization: Bearer «1-{a64}»" https://truenas.lan/api/v2.0/pool | jq \'.[].name\''],
  [
    'iot58-synology-auth-api-passwd-query',
    'https://nas.lan:5001/webapi/entry.cgi?api=SYNO.API.Auth&version=6&method=login&account=backup&passwd=«{a14}»&session=FileStation&format=sid',
  ],
  [
    'iot58-printer-scan-to-email-smtp-password',
    '[scan_to_email]\nsmtp_server=smtp.office365.com\nsmtp_port=587\nsmtp_user=scanner@kanzlei-berg.de\nsmtp_password=«{a16}»',
  ],
  ['iot58-fstab-cifs-scans-password', '//nas.lan/scans  /mnt/scans  cifs  username=scanner,password=«{a14}»,uid=1000,iocharset=utf8  0  0'],
  ['iot58-rsyncd-secrets-file', '$ sudo cat /etc/rsyncd.secrets\nbackup:«{a20}»'],
  ['iot58-ffplay-rtsp-hikvision-credentials', 'ffplay -rtsp_transport tcp "rtsp://admin:«{a12}»@192.168.1.64:554/Streaming/Channels/101"'],
  [
    'iot58-frigate-ffmpeg-input-rtsp-password',
    'cameras:\n  driveway:\n    ffmpeg:\n      inputs:\n        - path: rtsp://frigate:«{a14}»@10.0.30.11:554/cam/realmonitor?channel=1&subtype=0\n          roles:\n            - detect',
  ],
  [
    'iot58-go2rtc-stream-reolink-password',
    'go2rtc:\n  streams:\n    garden: rtsp://viewer:«{a12}»@192.168.1.108:554/h264Preview_01_main\n    garden_sub: ffmpeg:garden#video=h264',
  ],
  ['iot58-frigate-mqtt-password', 'mqtt:\n  enabled: true\n  host: 10.0.0.2\n  user: frigate\n  password: «{a20}»'],
  [
    'iot58-onvif-camera-python-password',
    "from onvif import ONVIFCamera\ncam = ONVIFCamera('192.168.1.70', 80, 'onvif', '«{a12}»')\nmedia = cam.create_media_service()",
  ],
  ['iot58-cgi-snapshot-loginpas', 'http://192.168.1.108/snapshot.cgi?loginuse=admin&loginpas=«{a10}»&res=0'],
  [
    'iot58-vlc-debug-log-rtsp-credentials',
    'main debug: net: connecting to 192.168.1.64 port 554\nlive555 debug: RTP subsession \'video/H265\'\nmain debug: using access module "live555" for rtsp://admin:«{a12}»@192.168.1.64/stream1',
  ],
  ['iot58-unifi-protect-rtsps-alias-token', 'rtsps://192.168.1.1:7441/«{a16}»?enableSrtp'],
  [
    'iot58-wyze-bridge-env-password-and-api-key',
    'WYZE_EMAIL=cams@ferm-farm.de\nWYZE_PASSWORD=«{a16}»\nAPI_ID={h8}-{h4}-4{h3}-a{h3}-{h12}\nAPI_KEY=«{a60}»',
  ],
  ['iot58-octoprint-x-api-key-curl', 'curl -H "X-Api-Key: «{H32}»" http://octopi.local/api/job'],
  ['iot58-octoprint-config-yaml-api-and-secret-key', 'api:\n  key: «{B43}»\nserver:\n  firstRun: false\n  secretKey: «{a32}»'],
  [
    'iot58-prusaslicer-physical-printer-apikey',
    'host_type = octoprint\nprint_host = octopi.local\nprinthost_apikey = «{H32}»\nprinthost_cafile =',
  ],
  ['iot58-moonraker-x-api-key-query', 'curl -H "X-Api-Key: «{h32}»" "http://voron.local:7125/printer/objects/query?print_stats"'],
  [
    'iot58-moonraker-notifier-telegram-url',
    '[notifier print_done]\nurl: tgram://«{d10}:AA{B33}»/{d9}\nevents: complete\nbody: "{event_name}: {event_message}"',
  ],
  [
    'iot58-moonraker-mqtt-password',
    '[mqtt]\naddress: 10.0.0.2\nport: 1883\nusername: moonraker\npassword: «{a16}»\nenable_moonraker_api: True',
  ],
  ['iot58-prusalink-api-key-header', 'curl -H "X-Api-Key: «{a16}»" http://192.168.1.90/api/v1/status'],
  ['iot58-bambu-lan-mqtt-access-code', 'mosquitto_sub -h 192.168.1.120 -p 8883 -u bblp -P «{d8}» --insecure -t "device/01S00C{u9}/report"'],
  [
    'iot58-influx-auth-create-table-token',
    '$ influx auth create --org home --all-access\nID\t\t\tDescription\tToken\t\t\t\t\t\t\t\t\t\t\t\tUser Name\tPermissions\n{h16}\t\t\t«{B86}==»\tpi\t\t[read:orgs/{h16}/buckets write:orgs/{h16}/buckets]',
  ],
  [
    'iot58-telegraf-influxdb-v2-token',
    '[[outputs.influxdb_v2]]\n  urls = ["http://127.0.0.1:8086"]\n  token = "«{B86}==»"\n  organization = "home"\n  bucket = "sensors"',
  ],
  ['iot58-grafana-ini-admin-password-secret-key', '[security]\nadmin_user = admin\nadmin_password = «{a16}»\nsecret_key = «{a32}»'],
  ['iot58-grafana-service-account-token-env', 'GRAFANA_URL=http://raspberrypi.local:3000\nGRAFANA_TOKEN=«glsa_{a32}_{h8}»'],
  [
    'iot58-influxdb-docker-init-password-and-token',
    'DOCKER_INFLUXDB_INIT_MODE=setup\nDOCKER_INFLUXDB_INIT_USERNAME=pi\nDOCKER_INFLUXDB_INIT_PASSWORD=«{a16}»\nDOCKER_INFLUXDB_INIT_ORG=home\nDOCKER_INFLUXDB_INIT_ADMIN_TOKEN=«{a40}»',
  ],
  ['iot58-ot-ctl-networkkey-and-pskc', '> networkkey\n«{h32}»\nDone\n> pskc\n«{h32}»\nDone'],
  [
    'iot58-ot-ctl-active-dataset-tlvs',
    '$ sudo ot-ctl dataset active -x\n«0e080000000000010000000300000f35060004001fffe00208{h16}0708fd{h14}0510{h32}030f4f70656e5468726561642d{h4}0102{h4}0410{h32}0c0402a0f7f8»\nDone',
  ],
  [
    'iot58-chip-tool-ble-thread-dataset',
    'chip-tool pairing ble-thread 1 hex:«0e080000000000010000000300001935060004001fffe00208{h16}0708fd{h14}0510{h32}030f4f70656e5468726561642d{h4}0102{h4}0410{h32}0c0402a0f7f8» 20202021 3840',
  ],
  ['iot58-ot-ctl-dataset-networkkey-set', '> dataset init new\nDone\n> dataset networkkey «{h32}»\nDone\n> dataset commit active'],
  ['iot58-chip-tool-ble-wifi-password', 'chip-tool pairing ble-wifi 0x11 "Hausnetz-IoT" "«{a16}»" 20202021 3840'],
  ['iot58-ot-joiner-pskd', '> commissioner start\nDone\n> commissioner joiner add * «{U3}{d3}{U3}»\nDone'],
  [
    'iot58-esp-thread-sdkconfig-networkkey-pskc',
    'CONFIG_OPENTHREAD_NETWORK_CHANNEL=15\nCONFIG_OPENTHREAD_NETWORK_PANID=0x1234\nCONFIG_OPENTHREAD_NETWORK_MASTERKEY="«{h32}»"\nCONFIG_OPENTHREAD_NETWORK_PSKC="«{h32}»"',
  ],
  [
    'iot58-zephyr-openthread-networkkey-colon',
    'CONFIG_OPENTHREAD_CHANNEL=11\nCONFIG_OPENTHREAD_PANID=43981\nCONFIG_OPENTHREAD_NETWORKKEY="«{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}»"',
  ],
  [
    'iot58-mosquitto-bridge-remote-password',
    'connection cloud-bridge\naddress broker.ferm-farm.de:8883\nremote_username home-bridge\nremote_password «{a24}»\ntopic sensors/# out 1',
  ],
  [
    'iot58-paho-username-pw-set',
    'client = mqtt.Client(client_id="sensor-hub")\nclient.username_pw_set("sensor-hub", "«{a20}»")\nclient.tls_set()',
  ],
  [
    'iot58-azure-iot-device-connection-string',
    '#define IOT_CONFIG_CONNECTION_STRING "HostName=greenhouse-hub.azure-devices.net;DeviceId=esp32-07;SharedAccessKey=«{b43}=»"',
  ],
  [
    'iot58-azure-iot-sas-token-sig',
    'SharedAccessSignature sr=greenhouse-hub.azure-devices.net%2Fdevices%2Fesp32-07&sig=«{a43}%3D»&se=1735689600',
  ],
  ['iot58-golioth-shell-psk', 'uart:~$ settings set golioth/psk-id esp32-07@ferm-farm\nuart:~$ settings set golioth/psk «{a24}»'],
  [
    'iot58-homebridge-tuya-access-key',
    '{\n  "platform": "TuyaPlatform",\n  "options": {\n    "projectType": "2",\n    "accessId": "{l20}",\n    "accessKey": "«{l32}»",\n    "countryCode": 49',
  ],
  ['iot58-nut-upsmon-monitor-password', 'MONITOR ups@nas.lan 1 monuser «{a14}» secondary'],
  ['iot58-pihole-setupvars-webpassword-hash', 'PIHOLE_INTERFACE=eth0\nWEBPASSWORD=«{h64}»\nBLOCKING_ENABLED=true'],
  ['iot58-adguard-home-users-bcrypt', 'users:\n  - name: admin\n    password: «$2a$10${p53}»\nauth_attempts: 5'],
  [
    'iot58-pivpn-wg0-conf-private-and-psk',
    '[Interface]\nPrivateKey = «{b43}=»\nAddress = 10.6.0.2/24\nDNS = 10.6.0.1\n\n[Peer]\nPublicKey = {b43}=\nPresharedKey = «{b43}=»\nEndpoint = ferm-home.duckdns.org:51820',
  ],
  [
    'iot58-chat-pi-psk-cannot-connect',
    'My Pi Zero won\'t join the network. wpa_supplicant.conf has ssid "Werkstatt" and psk "«{a12}»", country=DE, and `wpa_cli status` stays at SCANNING.',
  ],
  [
    'iot58-chat-octoprint-key-in-prose',
    'the octoprint plugin keeps failing with 403, I put «{H32}» as the API key in Cura and the host is octopi.local',
  ],
  [
    'iot58-chat-mqtt-credentials-prose',
    'mosquitto log shows "Client esp-kitchen disconnected, not authorised" even though the sketch uses user esp and password «{a14}» which is exactly what I set with mosquitto_passwd',
  ],
  [
    'iot58-esp-mail-client-smtp-app-password',
    '#define SMTP_HOST "smtp.gmail.com"\n#define SMTP_PORT 465\n#define AUTHOR_EMAIL "alarm.ferm@gmail.com"\n#define AUTHOR_PASSWORD "«{L4} {L4} {L4} {L4}»"',
  ],
  [
    'iot58-ha-zwave-js-s2-key-prose',
    'Restored the stick but nothing pairs securely. The add-on shows s2_authenticated_key «{H32}», is it correct that it changed after the update?',
  ],
  [
    'iot58-opnsense-config-xml-radius-secret',
    '<server>\n\t<name>nps</name>\n\t<type>radius</type>\n\t<host>10.0.0.10</host>\n\t<radius_secret>«{a20}»</radius_secret>\n\t<radius_auth_port>1812</radius_auth_port>\n</server>',
  ],
  [
    'iot58-ubiquiti-edgerouter-plaintext-password',
    'set system login user ops authentication plaintext-password «{a14}»\nset system login user ops level admin',
  ],
  [
    'iot58-edgeos-encrypted-password',
    'system {\n    login {\n        user ubnt {\n            authentication {\n                encrypted-password «$6${p16}${p86}»\n            }',
  ],
  [
    'iot58-qnap-nas-snmp-v3-auth-priv',
    'snmpwalk -v3 -l authPriv -u monitor -a SHA -A «{a16}» -x AES -X «{a16}» 192.168.1.20 1.3.6.1.2.1.1',
  ],
  [
    'iot58-home-assistant-backup-encryption-key',
    'Backup settings → Encryption key: «{U4}-{U4}-{U4}-{U4}-{U4}-{U4}-{U4}»\nStore it somewhere safe, you need it to restore on a new install.',
  ],
  [
    'iot58-enphase-envoy-jwt-token',
    'curl -k -H "Authorization: Bearer «eyJraWQiOiI3ZDEwMDA1ZC03ODk5LTRkMGQtYmNiNC0yNDRmOThlZTE1NmIiLCJ0eXAiOiJKV1QiLCJhbGciOiJFUzI1NiJ9.{B180}.{B86}»" https://192.168.1.80/ivp/meters/readings',
  ],
  ['iot58-solaredge-api-key-query', 'https://monitoringapi.solaredge.com/site/{d7}/overview?api_key=«{u32}»'],
];

export const BLIND58_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'iot58-esphome-all-secret-refs',
    'wifi:\n  ssid: !secret wifi_ssid\n  password: !secret wifi_password\napi:\n  encryption:\n    key: !secret api_encryption_key\nota:\n  - platform: esphome\n    password: !secret ota_password',
  ],
  [
    'iot58-ha-configuration-secret-refs',
    'homeassistant:\n  latitude: !secret home_latitude\n  longitude: !secret home_longitude\nrecorder:\n  db_url: !secret recorder_db_url\nnotify:\n  - platform: pushover\n    api_key: !secret pushover_api_key\n    user_key: !secret pushover_user_key',
  ],
  [
    'iot58-esphome-substitutions-no-secret',
    'substitutions:\n  device_name: garage-door\n  friendly_name: Garage Door\n  relay_pin: GPIO12\nesphome:\n  name: ${device_name}\n  friendly_name: ${friendly_name}',
  ],
  [
    'iot58-arduino-placeholder-defines',
    '#define WIFI_SSID "YOUR_WIFI_SSID"\n#define WIFI_PASSWORD "YOUR_WIFI_PASSWORD"\n#define BLYNK_AUTH_TOKEN "YourAuthToken"\n#define MQTT_PASS "********"',
  ],
  [
    'iot58-ble-service-characteristic-uuids',
    '#define SERVICE_UUID        "{h8}-{h4}-4{h3}-8{h3}-{h12}"\n#define CHARACTERISTIC_UUID "{h8}-{h4}-4{h3}-b{h3}-{h12}"\n// Battery Service 0x180F, Battery Level 0x2A19\nBLEService *pService = pServer->createService(SERVICE_UUID);',
  ],
  [
    'iot58-lmic-euis-only',
    '// This EUI must be in little-endian format\nstatic const u1_t PROGMEM APPEUI[8] = { 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00 };\nvoid os_getArtEui (u1_t* buf) { memcpy_P(buf, APPEUI, 8);}\nstatic const u1_t PROGMEM DEVEUI[8] = { 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x7E, 0xD5, 0xB3, 0x70 };\nvoid os_getDevEui (u1_t* buf) { memcpy_P(buf, DEVEUI, 8);}',
  ],
  [
    'iot58-ttn-device-ids-json',
    '{"ids": {"device_id": "soil-07", "application_ids": {"application_id": "farm-sensors"}, "dev_eui": "70B3D57ED005{H4}", "join_eui": "0000000000000000", "dev_addr": "260B{H4}"}, "received_at": "2024-06-01T10:12:44.512Z"}',
  ],
  [
    'iot58-ttn-uplink-frm-payload-and-gateway-eui',
    '"uplink_message": {\n  "f_port": 2,\n  "frm_payload": "{b16}",\n  "rx_metadata": [{"gateway_ids": {"gateway_id": "rak-7268-barn", "eui": "AC1F09FFFE{H6}"}, "rssi": -97, "snr": 7.25}],\n  "settings": {"data_rate": {"lora": {"bandwidth": 125000, "spreading_factor": 9}}}\n}',
  ],
  [
    'iot58-zigbee2mqtt-devices-ieee-addresses',
    "devices:\n  '0x00158d000{h7}':\n    friendly_name: kitchen_motion\n  '0x54ef4410{h8}':\n    friendly_name: hallway_button\nadvanced:\n  pan_id: 0x1a62\n  channel: 15",
  ],
  [
    'iot58-zigbee2mqtt-generate-keywords',
    'advanced:\n  network_key: GENERATE\n  pan_id: GENERATE\n  ext_pan_id: GENERATE\n  log_level: info',
  ],
  [
    'iot58-zigbee2mqtt-ext-pan-id-array',
    'advanced:\n  ext_pan_id: [221, 221, 221, 221, 221, 221, 221, 221]\n  pan_id: 6754\n  channel: 11\n  transmit_power: 20',
  ],
  [
    'iot58-zigbee2mqtt-secret-file-refs',
    "mqtt:\n  server: mqtt://core-mosquitto:1883\n  user: '!secret user'\n  password: '!secret password'\nadvanced:\n  network_key: '!secret network_key'",
  ],
  [
    'iot58-zwave-js-driver-log-home-id',
    '2024-06-01T10:00:01.123Z DRIVER   Z-Wave JS (v12.4.4)\n2024-06-01T10:00:02.456Z CNTRLR   received controller IDs:\n                                  home ID:     0x{h8}\n                                  own node ID: 1\n2024-06-01T10:00:02.501Z CNTRLR   firmware version: 7.19',
  ],
  [
    'iot58-zwave-js-env-refs',
    '    environment:\n      - KEY_S0_Legacy=${ZWAVE_S0_KEY}\n      - KEY_S2_Authenticated=${ZWAVE_S2_AUTH_KEY}\n      - KEY_S2_AccessControl=${ZWAVE_S2_AC_KEY}',
  ],
  ['iot58-ot-ctl-public-parameters', '> panid\n0x{h4}\nDone\n> extpanid\n{h16}\nDone\n> networkname\nOpenThread-{h4}'],
  [
    'iot58-chip-tool-onnetwork-default-passcode',
    '$ chip-tool pairing onnetwork-long 0x12 20202021 3840\n[1717243333.123] [4711:4711] CHIP:CTL: Commissioning complete for node ID 0x0000000000000012: success',
  ],
  [
    'iot58-matter-vendor-product-ids',
    'CONFIG_CHIP_DEVICE_VENDOR_ID=0xFFF1\nCONFIG_CHIP_DEVICE_PRODUCT_ID=0x8005\nCONFIG_CHIP_DEVICE_DISCRIMINATOR=0xF00\nCONFIG_CHIP_DEVICE_HARDWARE_VERSION_STRING="rev-b"',
  ],
  ['iot58-wpa-supplicant-placeholders', 'network={\n    ssid="YOUR_SSID"\n    psk="YOUR_WIFI_PASSWORD"\n    key_mgmt=WPA-PSK\n}'],
  [
    'iot58-wpa-cli-status-output',
    '$ wpa_cli -i wlan0 status\nbssid={h2}:{h2}:{h2}:{h2}:{h2}:{h2}\nfreq=2437\nssid=Dachboden\nkey_mgmt=WPA2-PSK\nwpa_state=COMPLETED\naddress=b8:27:eb:{h2}:{h2}:{h2}\nuuid={h8}-{h4}-5{h3}-a{h3}-{h12}',
  ],
  ['iot58-firmware-sha256sum', '$ sha256sum .pio/build/esp32dev/firmware.bin\n{h64}  .pio/build/esp32dev/firmware.bin'],
  [
    'iot58-esptool-flash-output',
    'esptool.py v4.7.0\nSerial port /dev/ttyUSB0\nChip is ESP32-D0WD-V3 (revision v3.1)\nMAC: {h2}:{h2}:{h2}:{h2}:{h2}:{h2}\nWrote 912384 bytes (589261 compressed) at 0x00010000 in 13.4 seconds (effective 545.1 kbit/s)...\nHash of data verified.',
  ],
  ['iot58-arduino-ota-log-md5', '[OTA] Start updating sketch\n[OTA] Firmware MD5: {h32}\n[OTA] Progress: 100%\n[OTA] End, rebooting'],
  [
    'iot58-esp8266-tls-sha1-fingerprint',
    '// SHA1 fingerprint of the server certificate (public, from the browser padlock)\nconst char fingerprint[] PROGMEM = "{H2} {H2} {H2} {H2} {H2} {H2} {H2} {H2} {H2} {H2} {H2} {H2} {H2} {H2} {H2} {H2} {H2} {H2} {H2} {H2}";\nclient.setFingerprint(fingerprint);',
  ],
  [
    'iot58-aws-iot-device-certificate-public',
    'static const char AWS_CERT_CRT[] PROGMEM = R"KEY(\n-----BEGIN CERTIFICATE-----\nMIIDWTCCAkGgAwIBAgIU{b44}\n{b64}\n{b64}\n-----END CERTIFICATE-----\n)KEY";',
  ],
  [
    'iot58-aws-iot-describe-certificate-id',
    '$ aws iot describe-certificate --certificate-id {h64} --query \'certificateDescription.[status,certificateArn]\'\n[\n    "ACTIVE",\n    "arn:aws:iot:eu-central-1:{d12}:cert/{h64}"\n]',
  ],
  [
    'iot58-tasmota-status-mqtt-no-password',
    'stat/plug_tv/STATUS6 = {"StatusMQT":{"MqttHost":"192.168.178.40","MqttPort":1883,"MqttClientMask":"DVES_%06X","MqttClient":"DVES_{H6}","MqttUser":"tasmota","MqttCount":1,"MAX_PACKET_SIZE":1200,"KEEPALIVE":30}}',
  ],
  [
    'iot58-tasmota-masked-password-result',
    '12:04:10.882 CMD: Password1\n12:04:10.887 RSL: RESULT = {"Password1":"****"}\n12:04:11.020 CMD: MqttPassword\n12:04:11.024 RSL: RESULT = {"MqttPassword":"****"}',
  ],
  ['iot58-tasmota-template-gpio', '{"NAME":"Gosund SP111","GPIO":[56,0,57,0,132,134,0,0,131,17,0,21,0],"FLAG":0,"BASE":18}'],
  [
    'iot58-node-red-settings-env-refs',
    'module.exports = {\n    credentialSecret: process.env.NODE_RED_CREDENTIAL_SECRET,\n    adminAuth: require("./user-authentication"),\n    httpNodeAuth: null,\n    uiPort: process.env.PORT || 1880,',
  ],
  [
    'iot58-node-red-flows-json-node-ids',
    '[{"id":"{h16}","type":"mqtt in","z":"{h16}","name":"","topic":"zigbee2mqtt/kitchen_motion","qos":"2","datatype":"auto-detect","broker":"{h16}","x":180,"y":120,"wires":[["{h16}"]]}]',
  ],
  [
    'iot58-ha-customize-unique-id-uuid',
    'sensor.outdoor_temperature:\n  unique_id: {h8}-{h4}-4{h3}-8{h3}-{h12}\n  device_class: temperature\n  state_class: measurement',
  ],
  [
    'iot58-ha-config-entries-ulid',
    '      {\n        "entry_id": "01HZ{u22}",\n        "domain": "mqtt",\n        "title": "core-mosquitto",\n        "source": "hassio",\n        "unique_id": null,',
  ],
  [
    'iot58-ha-automation-device-id-hex',
    'trigger:\n  - device_id: {h32}\n    domain: zha\n    platform: device\n    type: remote_button_short_press\n    subtype: turn_on',
  ],
  [
    'iot58-ha-env-var-and-ssl-paths',
    'http:\n  ssl_certificate: /ssl/fullchain.pem\n  ssl_key: /ssl/privkey.pem\n  use_x_forwarded_for: true\n  trusted_proxies:\n    - 172.30.33.0/24\ninflux_token: !env_var INFLUX_TOKEN',
  ],
  [
    'iot58-esphome-boot-log-redacted-wifi',
    '[I][app:102]: ESPHome version 2024.5.4 compiled on Jun  1 2024, 10:12:33\n[C][wifi:600]:   SSID: [redacted]\n[C][wifi:601]:   IP Address: 192.168.20.41\n[C][wifi:604]:   BSSID: [redacted]\n[C][api:139]: API Server:\n[C][api:144]:   Using noise encryption: YES',
  ],
  [
    'iot58-esphome-hlw8012-calibration',
    'sensor:\n  - platform: hlw8012\n    sel_pin: GPIO12\n    cf_pin: GPIO4\n    cf1_pin: GPIO5\n    current_resistor: 0.001\n    voltage_divider: 2351\n    update_interval: 10s',
  ],
  [
    'iot58-sensor-calibration-hex-array',
    '// factory calibration coefficients read back from the BME680 (regs 0x89..0xA1)\nstatic const uint8_t bme_calib[16] = { 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2} };\n#define BME680_I2C_ADDR 0x76\n#define EEPROM_MAGIC 0xDEADBEEF',
  ],
  [
    'iot58-openwrt-network-config-no-secret',
    "config interface 'lan'\n\toption device 'br-lan'\n\toption proto 'static'\n\toption ipaddr '192.168.1.1'\n\toption netmask '255.255.255.0'\n\toption ip6assign '60'\n\nconfig device\n\toption name 'br-lan'\n\toption macaddr '{h2}:{h2}:{h2}:{h2}:{h2}:{h2}'",
  ],
  [
    'iot58-openwrt-wireguard-peer-public-only',
    "config wireguard_wg0\n\toption description 'phone'\n\toption public_key '{b43}='\n\tlist allowed_ips '10.14.0.2/32'\n\toption persistent_keepalive '25'",
  ],
  [
    'iot58-openwrt-guest-open-network',
    "config wifi-iface 'guest'\n\toption device 'radio1'\n\toption mode 'ap'\n\toption ssid 'Guest'\n\toption encryption 'none'\n\toption isolate '1'\n\toption network 'guest'",
  ],
  [
    'iot58-mikrotik-export-header',
    '# 2024-06-01 10:12:33 by RouterOS 7.14.3\n# software id = {U4}-{U4}\n#\n# model = RB5009UG+S+\n# serial number = HF{H8}\n/interface bridge\nadd admin-mac={H2}:{H2}:{H2}:{H2}:{H2}:{H2} auto-mac=no comment=defconf name=bridge',
  ],
  [
    'iot58-mikrotik-export-hides-sensitive',
    '/interface wireless security-profiles\nset [ find default=yes ] supplicant-identity=MikroTik\nadd authentication-types=wpa2-psk mode=dynamic-keys name=home supplicant-identity=""\n/interface wireless\nset [ find default-name=wlan1 ] band=2ghz-b/g/n security-profile=home ssid=Home',
  ],
  [
    'iot58-mikrotik-certificate-fingerprint',
    '[admin@MikroTik] > /certificate print detail\n 0 K L A T name="webfig" common-name="192.168.88.1" key-size=2048 days-valid=365\n     fingerprint="{h64}"\n     serial-number="{H16}"',
  ],
  [
    'iot58-pfsense-interfaces-revision',
    '<interfaces>\n\t<wan>\n\t\t<if>igb0</if>\n\t\t<ipaddr>dhcp</ipaddr>\n\t\t<blockpriv></blockpriv>\n\t</wan>\n</interfaces>\n<revision><time>1717240000</time><description><![CDATA[admin@10.0.0.5 (Local Database): Firewall: Rules - saved]]></description></revision>',
  ],
  [
    'iot58-pfsense-cert-public-only',
    '<cert>\n\t<refid>{h13}</refid>\n\t<descr><![CDATA[ACME ha.ferm-farm.de]]></descr>\n\t<type>server</type>\n\t<crt>LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSU{b180}</crt>\n</cert>',
  ],
  ['iot58-opnsense-curl-env-key-secret', 'curl -k -u "$OPN_KEY:$OPN_SECRET" https://fw.lan/api/core/firmware/status | jq .status'],
  [
    'iot58-pfsense-filter-rule-tracker',
    '<rule>\n\t<tracker>1717{d6}</tracker>\n\t<type>pass</type>\n\t<interface>opt1</interface>\n\t<source><network>opt1</network></source>\n\t<destination><address>10.0.0.2</address><port>1883</port></destination>\n\t<created><time>1717240123</time><username>admin@10.0.0.5</username></created>\n</rule>',
  ],
  [
    'iot58-unifi-wlanconf-no-passphrase',
    '{ "_id" : ObjectId("{h24}"), "name" : "IoT", "security" : "wpapsk", "wpa_mode" : "wpa2", "networkconf_id" : "{h24}", "site_id" : "{h24}", "enabled" : true }',
  ],
  [
    'iot58-unifi-device-list-serials',
    '{"mac": "f4:92:bf:{h2}:{h2}:{h2}", "serial": "{H12}", "model": "U6LR", "version": "6.6.77.15402", "adopted": true, "_id": "{h24}"}',
  ],
  [
    'iot58-cisco-show-tech-removed',
    'username admin privilege 15 secret 9 <removed>\nsnmp-server community <removed> RO 10\ntacacs server ISE\n address ipv4 10.1.1.5\n key 7 <removed>',
  ],
  [
    'iot58-cisco-rsa-public-key-data',
    'Router#show crypto key mypubkey rsa\n% Key pair was generated at: 10:12:33 UTC Jun 1 2024\nKey name: TP-self-signed-{d10}\n Key Data:\n  30820122 300D0609 2A864886 F70D0101 01050003 82010F00 3082010A 02820101\n  00{H6} {H8} {H8} {H8} {H8} {H8} {H8} {H8}\n  {H8} {H8} {H8} {H8} {H8} {H8} 02030100 01',
  ],
  [
    'iot58-juniper-ssh-public-key-login',
    'set system login user ops class super-user\nset system login user ops authentication ssh-ed25519 "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b43} ops@laptop"',
  ],
  [
    'iot58-rtsp-url-without-credentials',
    "ffprobe -rtsp_transport tcp rtsp://192.168.1.64:554/Streaming/Channels/102\nInput #0, rtsp, from 'rtsp://192.168.1.64:554/Streaming/Channels/102':\n  Stream #0:0: Video: h264 (Main), yuvj420p(pc, bt709), 640x360, 15 fps",
  ],
  [
    'iot58-frigate-env-substitution-rtsp',
    "cameras:\n  driveway:\n    ffmpeg:\n      inputs:\n        - path: rtsp://{FRIGATE_RTSP_USER}:{FRIGATE_RTSP_PASSWORD}@10.0.30.11:554/cam/realmonitor?channel=1&subtype=0\nmqtt:\n  user: '{FRIGATE_MQTT_USER}'\n  password: '{FRIGATE_MQTT_PASSWORD}'",
  ],
  [
    'iot58-go2rtc-env-var-password',
    'streams:\n  garden: rtsp://viewer:${GARDEN_CAM_PASS}@192.168.1.108:554/h264Preview_01_main\n  doorbell: onvif://admin:${DOORBELL_PASS}@192.168.1.109',
  ],
  [
    'iot58-onvif-device-information',
    'GetDeviceInformation:\n  Manufacturer: Reolink\n  Model: RLC-810A\n  FirmwareVersion: v3.1.0.1162_2203\n  SerialNumber: {h16}\n  HardwareId: IPC_523128M8MP',
  ],
  [
    'iot58-octoprint-env-key-and-version',
    '$ curl -s -H "X-Api-Key: $OCTOPRINT_API_KEY" http://octopi.local/api/version\n{"api": "0.1", "server": "1.10.1", "text": "OctoPrint 1.10.1"}',
  ],
  [
    'iot58-klipper-printer-cfg-mcu-serial',
    '[mcu]\nserial: /dev/serial/by-id/usb-Klipper_stm32f446xx_{H24}-if00\n\n[mcu EBBCan]\ncanbus_uuid: {h12}\n\n[stepper_x]\nstep_pin: PF13\nrotation_distance: 40',
  ],
  [
    'iot58-moonraker-authorization-trusted',
    '[authorization]\ntrusted_clients:\n    10.0.0.0/8\n    192.168.0.0/16\ncors_domains:\n    *.local\n    *://app.fluidd.xyz',
  ],
  [
    'iot58-influx-bucket-list-ids',
    '$ influx bucket list\nID\t\t\tName\t\tRetention\tShard group duration\tOrganization ID\n{h16}\tsensors\t\t720h0m0s\t24h0m0s\t\t\t{h16}\n{h16}\t_monitoring\t168h0m0s\t24h0m0s\t\t\t{h16}',
  ],
  [
    'iot58-grafana-ini-env-and-file-expansion',
    '[security]\nadmin_user = admin\nadmin_password = $__env{GF_ADMIN_PASSWORD}\nsecret_key = $__file{/run/secrets/grafana_secret_key}',
  ],
  [
    'iot58-grafana-dashboard-datasource-uid',
    '"targets": [\n  {\n    "datasource": {"type": "influxdb", "uid": "P{H16}"},\n    "query": "from(bucket: \\"sensors\\") |> range(start: -1h)",\n    "refId": "A"\n  }\n]',
  ],
  [
    'iot58-ha-device-registry-identifiers',
    '{\n  "id": "{h32}",\n  "identifiers": [["zha", "00:12:4b:00:{h2}:{h2}:{h2}:{h2}"]],\n  "manufacturer": "LUMI",\n  "model": "lumi.sensor_motion.aq2",\n  "via_device_id": "{h32}"\n}',
  ],
  [
    'iot58-zigpy-device-joined-log',
    "2024-06-01 10:12:44.512 INFO (MainThread) [zigpy.application] Device 0x{h4} ({h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}) joined the network\n2024-06-01 10:12:44.610 INFO (MainThread) [zigpy.device] [0x{h4}] Requesting 'Node Descriptor'",
  ],
  [
    'iot58-otbr-agent-log-partition',
    'otbr-agent[512]: [N] Mle-----------: Role detached -> leader\notbr-agent[512]: [N] Mle-----------: Partition ID 0x{h8}\notbr-agent[512]: [I] Settings------: Saved ActiveDataset\notbr-agent[512]: [I] BorderAgent---: Publish meshcop service OpenThread BorderRouter #{H4}._meshcop._udp.local',
  ],
  [
    'iot58-shelly-status-fw-mac',
    '{"mac":"{H12}","auth":true,"fw":"20230913-114008/v1.14.0-gcb84623","discoverable":false,"cloud":{"enabled":true,"connected":true},"longid":1}',
  ],
  [
    'iot58-tinytuya-scan-product-key',
    'Device Found: {"ip": "192.168.1.58", "gwId": "bf{l20}", "active": 2, "ability": 0, "encrypt": true, "productKey": "{a16}", "version": "3.3"}',
  ],
  [
    'iot58-hue-bridge-unauth-config',
    '$ curl -s http://192.168.1.2/api/config\n{"name":"Philips hue","datastoreversion":"163","swversion":"1962154010","apiversion":"1.62.0","mac":"ec:b5:fa:{h2}:{h2}:{h2}","bridgeid":"ECB5FAFFFE{H6}","factorynew":false,"modelid":"BSB002"}',
  ],
  [
    'iot58-smartthings-env-pat-location-uuid',
    'curl -H "Authorization: Bearer $SMARTTHINGS_PAT" https://api.smartthings.com/v1/locations/{h8}-{h4}-4{h3}-8{h3}-{h12}/rooms',
  ],
  [
    'iot58-particle-list-device-ids',
    '$ particle list\nferm-boron-07 [e00fce68{h16}] (Boron) is online\nferm-argon-02 [e00fce68{h16}] (Argon) is offline',
  ],
  [
    'iot58-platformio-sysenv-build-flags',
    'build_flags =\n  -D WIFI_SSID=\\"${sysenv.WIFI_SSID}\\"\n  -D WIFI_PASS=\\"${sysenv.WIFI_PASS}\\"\n  -D MQTT_PASSWORD=\\"${sysenv.MQTT_PASSWORD}\\"',
  ],
  [
    'iot58-platformio-board-settings',
    'monitor_speed = 115200\nupload_speed = 921600\nboard_build.partitions = min_spiffs.csv\nboard_build.f_cpu = 240000000L\nlib_deps =\n  knolleary/PubSubClient@^2.8\n  bblanchon/ArduinoJson@^7.0.4',
  ],
  [
    'iot58-micropython-secrets-module-refs',
    'import network, secrets\nwlan = network.WLAN(network.STA_IF)\nwlan.active(True)\nwlan.connect(secrets.WIFI_SSID, secrets.WIFI_PASSWORD)',
  ],
  ['iot58-micropython-unique-id-hexlify', ">>> import machine, ubinascii\n>>> ubinascii.hexlify(machine.unique_id())\nb'e6614104{h8}'"],
  [
    'iot58-chat-deveui-not-secret',
    "The DevEUI 70B3D57ED005{H4} and the JoinEUI 0000000000000000 are printed on the label, so they're fine to share; only the AppKey has to stay private. Put it in secrets.h and don't paste it here.",
  ],
  [
    'iot58-lorawan-appkey-all-zeros-doc',
    '| Field   | Length | Default                            |\n|---------|--------|------------------------------------|\n| DevEUI  | 8 B    | from the label                     |\n| AppKey  | 16 B   | 00000000000000000000000000000000 (generate in console) |',
  ],
  [
    'iot58-tasmota-version-commit',
    '00:00:00.001 HDW: ESP8266EX\n00:00:00.048 Project tasmota - Tasmota Version 14.0.0(release-tasmota)-2_7_7({h7})\n00:00:00.050 Build commit {h40}',
  ],
  [
    'iot58-compose-image-digests',
    'services:\n  frigate:\n    image: ghcr.io/blakeblackshear/frigate:0.13.2@sha256:{h64}\n  zigbee2mqtt:\n    image: koenkk/zigbee2mqtt:1.38.0@sha256:{h64}',
  ],
  [
    'iot58-mosquitto-conf-file-refs',
    'listener 1883\nallow_anonymous false\npassword_file /mosquitto/config/passwd\nacl_file /mosquitto/config/acl\npersistence true',
  ],
  [
    'iot58-mosquitto-acl-users',
    'user zigbee2mqtt\ntopic readwrite zigbee2mqtt/#\nuser frigate\ntopic readwrite frigate/#\npattern readwrite devices/%u/#',
  ],
  [
    'iot58-lora-gateway-global-conf',
    '"gateway_conf": {\n    "gateway_ID": "AC1F09FFFE{H6}",\n    "server_address": "eu1.cloud.thethings.network",\n    "serv_port_up": 1700,\n    "serv_port_down": 1700\n}',
  ],
  ['iot58-thingspeak-public-channel-read', 'curl -s "https://api.thingspeak.com/channels/9/feeds.json?results=2" | jq \'.feeds[].field1\''],
  [
    'iot58-blynk-template-only',
    '#define BLYNK_TEMPLATE_ID "TMPL4{a7}"\n#define BLYNK_TEMPLATE_NAME "Pool Pump"\n#define BLYNK_FIRMWARE_VERSION "0.1.3"\n#define BLYNK_PRINT Serial',
  ],
  [
    'iot58-wg-show-hidden-keys',
    'interface: wg0\n  public key: {b43}=\n  private key: (hidden)\n  listening port: 51820\n\npeer: {b43}=\n  preshared key: (hidden)\n  endpoint: 91.64.12.7:51820',
  ],
  [
    'iot58-luci-masked-key',
    "config wifi-iface 'default_radio1'\n\toption ssid 'Loft-5G'\n\toption encryption 'psk2'\n\toption key '********'",
  ],
  [
    'iot58-pi-cmdline-partuuid',
    'console=serial0,115200 console=tty1 root=PARTUUID={h8}-02 rootfstype=ext4 fsck.repair=yes rootwait cfg80211.ieee80211_regdom=DE',
  ],
  [
    'iot58-blkid-output',
    '/dev/mmcblk0p1: LABEL_FATBOOT="bootfs" LABEL="bootfs" UUID="{H4}-{H4}" TYPE="vfat" PARTUUID="{h8}-01"\n/dev/mmcblk0p2: LABEL="rootfs" UUID="{h8}-{h4}-4{h3}-9{h3}-{h12}" TYPE="ext4" PARTUUID="{h8}-02"',
  ],
  [
    'iot58-esp-partition-table',
    '# Name,   Type, SubType, Offset,  Size, Flags\nnvs,      data, nvs,     0x9000,  0x5000,\notadata,  data, ota,     0xe000,  0x2000,\napp0,     app,  ota_0,   0x10000, 0x1E0000,\napp1,     app,  ota_1,   0x1F0000,0x1E0000,',
  ],
  ['iot58-nut-ups-conf-usb-ids', '[ups]\n  driver = usbhid-ups\n  port = auto\n  vendorid = 0764\n  productid = 0501\n  serial = {u12}'],
  [
    'iot58-zigbee-coordinator-firmware-info',
    'Coordinator firmware version: \'{"meta":{"maintrel":1,"majorrel":2,"minorrel":7,"product":1,"revision":20230507,"transportrev":2},"type":"zStack3x0"}\'\nCoordinator IEEE: 0x00124b00{h8}',
  ],
  [
    'iot58-zigbee-default-tc-link-key-doc',
    'Zigbee 3.0 devices join using the global default trust-center link key "ZigBeeAlliance09" (5A 69 67 42 65 65 41 6C 6C 69 61 6E 63 65 30 39); it is public and documented in the spec.',
  ],
  [
    'iot58-ha-long-lived-token-how-to',
    'Create a long-lived access token under Profile → Security, then store it as `ha_token` in secrets.yaml and reference it with `token: !secret ha_token`.',
  ],
  [
    'iot58-esp-efuse-summary-mac',
    'MAC (BLOCK1)                                       MAC address\n   = {h2}:{h2}:{h2}:{h2}:{h2}:{h2} (OK) R/W\nWR_DIS (BLOCK0)                                    Efuse write disable mask = 0 R/W (0x0000)\nFLASH_CRYPT_CNT (BLOCK0)                           Flash encryption mode counter = 0 R/W (0b0000000)',
  ],
];
