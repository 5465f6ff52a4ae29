/** A hundredth held-out batch, written blind: IoT and industrial (OT) provisioning and connectivity secrets as engineers paste them (LoRaWAN root and session keys, Azure IoT Hub/DPS keys and SAS signatures, AWS IoT private keys, device JWTs, Particle/balena/Golioth/Blynk/ThingsBoard/Losant/Ubidots/Adafruit IO tokens, MQTT and Wi-Fi credentials in firmware, Zigbee/Z-Wave/Thread network keys, OPC UA/PI/BMS/PLC passwords, APN credentials, OTA signing keys), and public look-alikes (EUIs, DevAddrs, IMEIs, certificate ids and thumbprints, node ids, digests, placeholders, zeroed keys). */
export const BLIND100_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'n100-tts-cli-end-device-get-root-keys-json',
    '$ ttn-lw-cli end-devices get greenhouse-app soil-probe-07 --root-keys\n{\n  "ids": {\n    "device_id": "soil-probe-07",\n    "application_ids": {"application_id": "greenhouse-app"},\n    "dev_eui": "70B3D57ED005{H4}",\n    "join_eui": "0000000000000000"\n  },\n  "root_keys": {\n    "app_key": {"key": "«{H32}»"},\n    "nwk_key": {"key": "«{H32}»"}\n  }\n}',
  ],
  [
    'n100-tts-cli-end-device-create-app-key-flag',
    'ttn-lw-cli end-devices create cold-chain-app tracker-{d3} \\\n  --dev-eui A84041{H10} \\\n  --join-eui A840410000000101 \\\n  --frequency-plan-id EU_863_870_TTN \\\n  --lorawan-version 1.0.3 --lorawan-phy-version PHY_V1_0_3_REV_A \\\n  --root-keys.app-key.key «{H32}»',
  ],
  [
    'n100-tts-abp-session-keys-lorawan11-json',
    '  "session": {\n    "dev_addr": "260B{H4}",\n    "keys": {\n      "app_s_key": {"key": "«{H32}»"},\n      "f_nwk_s_int_key": {"key": "«{H32}»"},\n      "s_nwk_s_int_key": {"key": "«{H32}»"},\n      "nwk_s_enc_key": {"key": "«{H32}»"}\n    },\n    "last_f_cnt_up": 1184\n  }',
  ],
  [
    'n100-tts-api-key-curl-storage-integration',
    'curl -G "https://eu1.cloud.thethings.network/api/v3/as/applications/greenhouse-app/packages/storage/uplink_message" \\\n  -H "Authorization: Bearer «NNSXS.{c39}.{c52}»" \\\n  -H "Accept: text/event-stream" \\\n  -d "limit=10" -d "after=2024-06-01T00:00:00Z"',
  ],
  [
    'n100-tts-api-key-paho-username-pw-set',
    'client = mqtt.Client(client_id="ingest-{l6}")\nclient.username_pw_set("greenhouse-app@ttn", "«NNSXS.{c39}.{c52}»")\nclient.tls_set()\nclient.connect("eu1.cloud.thethings.network", 8883)\nclient.subscribe("v3/greenhouse-app@ttn/devices/+/up")',
  ],
  [
    'n100-tts-stack-yml-cookie-keys-console-secret',
    "# ttn-lw-stack-docker.yml (self-hosted on the farm NUC)\nhttp:\n  cookie:\n    block-key: '«{h64}»'\n    hash-key: '«{h128}»'\nconsole:\n  ui:\n    canonical-url: 'https://lns.farm.lan/console'\n  oauth:\n    client-id: 'console'\n    client-secret: '«{a32}»'\n",
  ],
  [
    'n100-chirpstack-v4-rest-device-keys-nwkkey',
    '$ curl -s -H "Authorization: Bearer $CS_TOKEN" http://chirpstack.lan:8090/api/devices/a84041{h10}/keys\n{"deviceKeys":{"nwkKey":"«{h32}»","appKey":"00000000000000000000000000000000","genAppKey":""},"createdAt":"2024-05-02T09:11:40.112Z","updatedAt":"2024-05-02T09:11:40.112Z"}',
  ],
  [
    'n100-chirpstack-device-activation-abp-json',
    '{"deviceActivation":{"devAddr":"01{h6}","appSKey":"«{h32}»","nwkSEncKey":"«{h32}»","sNwkSIntKey":"«{h32}»","fNwkSIntKey":"«{h32}»","fCntUp":0,"nFCntDown":0,"aFCntDown":0},"joinServerContext":null}',
  ],
  [
    'n100-chirpstack-toml-api-secret-and-pg-dsn',
    '[postgresql]\n  dsn="postgres://chirpstack:«{a20}»@localhost/chirpstack?sslmode=disable"\n  max_open_connections=10\n\n[api]\n  bind="0.0.0.0:8080"\n  secret="«{b43}=»"',
  ],
  [
    'n100-chirpstack-gateway-bridge-mqtt-generic-auth',
    '[integration.mqtt.auth.generic]\nservers=["tcp://mqtt.farm.lan:1883"]\nusername="gw-bridge-roof"\npassword="«{a24}»"\nclean_session=true',
  ],
  [
    'n100-lmic-progmem-appkey-byte-array',
    '// This EUI must be in little-endian format\nstatic const u1_t PROGMEM APPEUI[8]={ 0x01, 0x01, 0x00, 0x00, 0x00, 0x41, 0x40, 0xA8 };\nstatic const u1_t PROGMEM DEVEUI[8]={ 0x{H2}, 0x{H2}, 0x05, 0xD0, 0x7E, 0xD5, 0xB3, 0x70 };\n// This key should be in big endian format\nstatic const u1_t PROGMEM APPKEY[16] = { «0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}» };',
  ],
  [
    'n100-mkrwan-sketch-string-appkey',
    '#include <MKRWAN.h>\nLoRaModem modem;\nString appEui = "A840410000000101";\nString appKey = "«{H32}»";\nvoid setup() {\n  modem.begin(EU868);\n  int connected = modem.joinOTAA(appEui, appKey);',
  ],
  [
    'n100-arduino-secrets-h-lorawan-app-key',
    '// arduino_secrets.h\n#define SECRET_APP_EUI "0000000000000000"\n#define SECRET_APP_KEY "«{H32}»"',
  ],
  [
    'n100-rak-rui3-at-session-appkey',
    'AT+DEVEUI=AC1F09FFFE{H6}\nOK\nAT+APPEUI=AC1F09FFF9153172\nOK\nAT+APPKEY=«{H32}»\nOK\nAT+JOIN=1:0:10:8\nOK\n+EVT:JOINED',
  ],
  [
    'n100-wio-e5-at-key-appkey',
    'AT+ID=DevEui\n+ID: DevEui, 2C:F7:F1:20:{H2}:{H2}:{H2}:{H2}\nAT+KEY=APPKEY,"«{H32}»"\n+KEY: APPKEY OK\nAT+MODE=LWOTAA\n+MODE: LWOTAA\nAT+JOIN',
  ],
  [
    'n100-rn2483-mac-set-appkey-serial',
    '> sys get hweui\n0004A30B00{H6}\n> mac set deveui 0004A30B00{H6}\nok\n> mac set appeui 70B3D57ED0000000\nok\n> mac set appkey «{H32}»\nok\n> mac join otaa\nok',
  ],
  [
    'n100-zephyr-lorawan-abp-skey-defines',
    '#define LORAWAN_DEV_ADDR 0x260B{H4}\n#define LORAWAN_NWK_SKEY { «0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}» }\n#define LORAWAN_APP_SKEY { «0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}» }',
  ],
  [
    'n100-radiolib-appkey-nwkkey-uint8',
    'uint64_t joinEUI = 0x0000000000000000;\nuint64_t devEUI  = 0x70B3D57ED006{H4};\nuint8_t appKey[] = { «0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}» };\nuint8_t nwkKey[] = { «0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}» };\nnode.beginOTAA(joinEUI, devEUI, nwkKey, appKey);',
  ],
  [
    'n100-tinylora-circuitpython-abp-bytearrays',
    'devaddr = bytearray([0x26, 0x0B, 0x{H2}, 0x{H2}])\nnwkey = bytearray([«0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}»])\napp = bytearray([«0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}»])\nttn_config = TTN(devaddr, nwkey, app, country="EU")\nlora = TinyLoRa(spi, cs, irq, rst, ttn_config)',
  ],
  [
    'n100-chirpstack-import-csv-nwk-key-column',
    'dev_eui,name,device_profile_id,nwk_key,app_key\na84041{h10},soil-north-01,{h8}-{h4}-4{h3}-8{h3}-{h12},«{h32}»,\na84041{h10},soil-north-02,{h8}-{h4}-4{h3}-8{h3}-{h12},«{h32}»,',
  ],
  [
    'n100-chat-prose-appkey-for-stuck-node',
    "Node 7 still won't join. DevEUI is 70B3D57ED005{H4}, JoinEUI all zeros, AppKey «{H32}» (msb, checked twice in the console). Region EU868, gateway sees the join-request but the join-accept never arrives. Ideas?",
  ],
  [
    'n100-basics-station-lns-key-export-shell',
    'export LNS_KEY="«NNSXS.{c39}.{c52}»"\necho "Authorization: Bearer $LNS_KEY" | perl -p -e \'s/\\r\\n/\\n/\' > tc.key\ncp /etc/ssl/certs/ca-certificates.crt tc.trust\necho "wss://eu1.cloud.thethings.network:8887" > tc.uri',
  ],
  [
    'n100-node-red-ttn-mqtt-broker-credentials-export',
    '{"id":"{h16}","type":"mqtt-broker","name":"TTN eu1","broker":"eu1.cloud.thethings.network","port":"8883","usetls":true,"credentials":{"user":"greenhouse-app@ttn","password":"«NNSXS.{c39}.{c52}»"}}',
  ],
  [
    'n100-chirpstack-python-grpc-auth-metadata',
    'channel = grpc.insecure_channel("chirpstack.lan:8080")\nclient = api.DeviceServiceStub(channel)\nauth_token = [("authorization", "Bearer «eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.eyJhdWQiOiJjaGlycHN0YWNrIiwiaXNzIjoiY2hpcnBzdGFjayIsInN1YiI6{B60}.{B43}»")]\nresp = client.Get(api.GetDeviceRequest(dev_eui="a84041{h10}"), metadata=auth_token)',
  ],
  [
    'n100-cubecell-abp-session-key-arrays',
    '/* ABP para*/\nuint8_t nwkSKey[] = { «0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}» };\nuint8_t appSKey[] = { «0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}» };\nuint32_t devAddr =  ( uint32_t )0x260B{H4};',
  ],
  [
    'n100-tts-json-import-file-root-keys',
    '{"ids":{"device_id":"valve-{d3}","dev_eui":"A84041{H10}","join_eui":"A840410000000101"},"root_keys":{"app_key":{"key":"«{H32}»"}},"frequency_plan_id":"EU_863_870_TTN","lorawan_version":"MAC_V1_0_3","lorawan_phy_version":"PHY_V1_0_3_REV_A","supports_join":true}',
  ],
  [
    'n100-lmic-ev-joined-debug-session-keys',
    'EV_JOINING\nEV_TXSTART\nEV_JOINED\nnetid: 19\ndevaddr: 260b{h4}\nAppSKey: «{H2}-{H2}-{H2}-{H2}-{H2}-{H2}-{H2}-{H2}-{H2}-{H2}-{H2}-{H2}-{H2}-{H2}-{H2}-{H2}»\nNwkSKey: «{H2}-{H2}-{H2}-{H2}-{H2}-{H2}-{H2}-{H2}-{H2}-{H2}-{H2}-{H2}-{H2}-{H2}-{H2}-{H2}»\nEV_TXCOMPLETE (includes waiting for RX windows)',
  ],
  [
    'n100-azure-device-conn-string-dotenv',
    'IOTHUB_DEVICE_CONNECTION_STRING="HostName=plant-hub-weu.azure-devices.net;DeviceId=press-line-04;SharedAccessKey=«{b43}=»"\nIOTHUB_DEVICE_SECURITY_TYPE=connectionString',
  ],
  [
    'n100-az-cli-device-connection-string-show-json',
    '$ az iot hub device-identity connection-string show -n plant-hub-weu -d press-line-04 -o json\n{\n  "connectionString": "HostName=plant-hub-weu.azure-devices.net;DeviceId=press-line-04;SharedAccessKey=«{b43}=»"\n}',
  ],
  [
    'n100-az-cli-hub-owner-policy-connection-string',
    '$ az iot hub connection-string show --hub-name plant-hub-weu --policy-name iothubowner --key-type secondary\n{\n  "connectionString": "HostName=plant-hub-weu.azure-devices.net;SharedAccessKeyName=iothubowner;SharedAccessKey=«{b43}=»"\n}',
  ],
  [
    'n100-azure-python-create-from-connection-string',
    'from azure.iot.device.aio import IoTHubDeviceClient\n\nCONN = "HostName=coldstore-hub.azure-devices.net;DeviceId=freezer-12;SharedAccessKey=«{b43}=»"\nclient = IoTHubDeviceClient.create_from_connection_string(CONN)\nawait client.connect()',
  ],
  [
    'n100-azure-c-sdk-static-connection-string',
    '/* Paste in your device connection string  */\nstatic const char* connectionString = "HostName=plant-hub-weu.azure-devices.net;DeviceId=kiln-03;SharedAccessKey=«{b43}=»";\nIOTHUB_DEVICE_CLIENT_LL_HANDLE device_ll_handle = IoTHubDeviceClient_LL_CreateFromConnectionString(connectionString, MQTT_Protocol);',
  ],
  [
    'n100-azure-sas-token-mosquitto-pub-password',
    'mosquitto_pub -d -h plant-hub-weu.azure-devices.net -p 8883 --cafile DigiCertGlobalRootG2.crt.pem \\\n  -i press-line-04 -u "plant-hub-weu.azure-devices.net/press-line-04/?api-version=2021-04-12" \\\n  -P "SharedAccessSignature sr=plant-hub-weu.azure-devices.net%2Fdevices%2Fpress-line-04&sig=«{b20}%2B{b14}%2F{b8}%3D»&se=17{d8}" \\\n  -t "devices/press-line-04/messages/events/" -m \'{"temp":21.4}\'',
  ],
  [
    'n100-az-cli-generate-sas-token-output',
    '$ az iot hub generate-sas-token -d press-line-04 -n plant-hub-weu --du 86400\n{\n  "sas": "SharedAccessSignature sr=plant-hub-weu.azure-devices.net%2Fdevices%2Fpress-line-04&sig=«{b22}%2B{b19}%3D»&se=17{d8}"\n}',
  ],
  [
    'n100-az-dps-enrollment-group-show-keys',
    '$ az iot dps enrollment-group show --dps-name factory-dps -g rg-iot --enrollment-id line-sensors --show-keys\n{\n  "attestation": {\n    "symmetricKey": {\n      "primaryKey": "«{b86}==»",\n      "secondaryKey": "«{b86}==»"\n    },\n    "type": "symmetricKey"\n  },\n  "enrollmentGroupId": "line-sensors",\n  "provisioningStatus": "enabled"\n}',
  ],
  [
    'n100-az-dps-compute-device-key-output',
    '$ az iot dps enrollment-group compute-device-key --dps-name factory-dps -g rg-iot --enrollment-id line-sensors --registration-id sensor-{d4}\n"«{b43}=»"',
  ],
  [
    'n100-dps-derive-device-key-openssl-bash',
    'KEY=«{b86}==»\nREG_ID=sensor-0042\n\nkeybytes=$(echo $KEY | base64 --decode | xxd -p -u -c 1000)\necho -n $REG_ID | openssl sha256 -mac HMAC -macopt hexkey:$keybytes -binary | base64',
  ],
  [
    'n100-dps-csharp-security-provider-symmetric-key',
    'const string IdScope = "0ne00{H6}";\nconst string RegistrationId = "kiln-controller-03";\nconst string PrimaryKey = "«{b43}=»";\n\nusing var security = new SecurityProviderSymmetricKey(RegistrationId, PrimaryKey, null);\nusing var transport = new ProvisioningTransportHandlerMqtt();',
  ],
  [
    'n100-iot-edge-config-toml-manual-connection-string',
    '# /etc/aziot/config.toml\n[provisioning]\nsource = "manual"\nconnection_string = "HostName=edge-hub-neu.azure-devices.net;DeviceId=gw-hall-b;SharedAccessKey=«{b43}=»"',
  ],
  [
    'n100-iot-edge-config-toml-dps-symmetric-key-value',
    '[provisioning]\nsource = "dps"\nglobal_endpoint = "https://global.azure-devices-provisioning.net"\nid_scope = "0ne00{H6}"\n\n[provisioning.attestation]\nmethod = "symmetric_key"\nregistration_id = "gw-hall-b"\nsymmetric_key = { value = "«{b43}=»" }',
  ],
  [
    'n100-iot-edge-deployment-registry-credentials',
    '"runtime": {\n  "type": "docker",\n  "settings": {\n    "registryCredentials": {\n      "plantacr": {\n        "username": "plantacr",\n        "password": "«{b52}»",\n        "address": "plantacr.azurecr.io"\n      }\n    }\n  }\n}',
  ],
  [
    'n100-iot-hub-event-hub-compatible-endpoint-consumer',
    'from azure.eventhub.aio import EventHubConsumerClient\nCONN = "Endpoint=sb://ihsuprodamres0{d2}dednamespace.servicebus.windows.net/;SharedAccessKeyName=service;SharedAccessKey=«{b43}=»;EntityPath=plant-hub-weu"\nconsumer = EventHubConsumerClient.from_connection_string(CONN, consumer_group="$Default")',
  ],
  [
    'n100-esp32-azure-iot-configs-device-key',
    '// iot_configs.h\n#define IOT_CONFIG_WIFI_SSID "Plant-IoT"\n#define IOT_CONFIG_WIFI_PASSWORD "«{a16}»"\n#define IOT_CONFIG_IOTHUB_FQDN "plant-hub-weu.azure-devices.net"\n#define IOT_CONFIG_DEVICE_ID "esp32-dryer-2"\n#define IOT_CONFIG_DEVICE_KEY "«{b43}=»"',
  ],
  [
    'n100-node-azure-iot-device-connection-string-fallback',
    "const { Client } = require('azure-iot-device');\nconst { Mqtt } = require('azure-iot-device-mqtt');\n\nconst cs = process.env.DEVICE_CS || 'HostName=plant-hub-weu.azure-devices.net;DeviceId=scale-09;SharedAccessKey=«{b43}=»';\nconst client = Client.fromConnectionString(cs, Mqtt);",
  ],
  [
    'n100-iot-central-device-and-group-keys-env',
    'IOTC_ID_SCOPE=0ne00{H6}\nIOTC_DEVICE_ID=boiler-room-7\nIOTC_DEVICE_KEY=«{b43}=»\nIOTC_GROUP_KEY=«{b86}==»',
  ],
  [
    'n100-azure-service-sas-curl-twin-rest',
    'curl -s "https://plant-hub-weu.azure-devices.net/twins/press-line-04?api-version=2021-04-12" \\\n  -H "Authorization: SharedAccessSignature sr=plant-hub-weu.azure-devices.net&sig=«{b18}%2F{b24}%3D»&se=17{d8}&skn=iothubowner"',
  ],
  [
    'n100-azure-powershell-registry-manager-conn-string',
    '$cs = "HostName=plant-hub-weu.azure-devices.net;SharedAccessKeyName=registryReadWrite;SharedAccessKey=«{b43}=»"\n$registry = [Microsoft.Azure.Devices.RegistryManager]::CreateFromConnectionString($cs)\n$registry.GetDeviceAsync("press-line-04").Result | Format-List',
  ],
  [
    'n100-azure-debug-log-parsed-connection-string',
    '2024-06-11 08:14:02,331 DEBUG azure.iot.device.iothub.abstract_clients: Creating client from connection string: HostName=coldstore-hub.azure-devices.net;DeviceId=freezer-12;SharedAccessKey=«{b43}=»\n2024-06-11 08:14:02,502 INFO azure.iot.device.common.mqtt_transport: Connect completed',
  ],
  [
    'n100-terraform-state-iothub-policy-keys',
    '          "attributes": {\n            "iothub_name": "plant-hub-weu",\n            "name": "backend-reader",\n            "primary_key": "«{b43}=»",\n            "secondary_key": "«{b43}=»",\n            "registry_read": true,\n            "service_connect": true\n          }',
  ],
  [
    'n100-azure-module-identity-conn-string-docker-run',
    'docker run -d --name opcpublisher \\\n  -e EdgeHubConnectionString="HostName=edge-hub-neu.azure-devices.net;DeviceId=gw-hall-b;ModuleId=opcpublisher;SharedAccessKey=«{b43}=»" \\\n  mcr.microsoft.com/iotedge/opc-publisher:2.9 --pf=/appdata/publishednodes.json',
  ],
  [
    'n100-azure-dps-x509-device-key-pem',
    '$ cat certs/press-line-05.key.pem\n«-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg{b16}\n{b64}\n{b56}\n-----END PRIVATE KEY-----»',
  ],
  [
    'n100-chat-prose-azure-primary-secondary-keys',
    'I regenerated the keys for scale-09 in the portal: primary «{b43}=», secondary «{b43}=». Device still gets 401 Unauthorized on CONNECT, is there caching on the hub side?',
  ],
  [
    'n100-aws-iot-create-keys-and-certificate-json',
    '$ aws iot create-keys-and-certificate --set-as-active\n{\n    "certificateArn": "arn:aws:iot:eu-west-1:{d12}:cert/{h64}",\n    "certificateId": "{h64}",\n    "certificatePem": "-----BEGIN CERTIFICATE-----\\nMIIDWTCCAkGgAwIBAgIU{b44}\\n{b64}\\n-----END CERTIFICATE-----\\n",\n    "keyPair": {\n        "PublicKey": "-----BEGIN PUBLIC KEY-----\\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA{b20}\\n{b64}\\n-----END PUBLIC KEY-----\\n",\n        "PrivateKey": "«-----BEGIN RSA PRIVATE KEY-----\\nMIIEowIBAAKCAQEA{b48}\\n{b64}\\n{b64}\\n{b64}\\n{b64}\\n{b64}\\n{b64}\\n{b44}\\n-----END RSA PRIVATE KEY-----»\\n"\n    }\n}',
  ],
  [
    'n100-aws-iot-private-pem-key-cat',
    '$ cat certs/{h64}-private.pem.key\n«-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA{b48}\n{b64}\n{b64}\n{b64}\n{b64}\n{b64}\n{b64}\n{b64}\n{b64}\n{b64}\n{b44}\n-----END RSA PRIVATE KEY-----»',
  ],
  [
    'n100-aws-iot-freertos-ec-key-define-concatenated',
    '#define keyCLIENT_PRIVATE_KEY_PEM \\\n"«-----BEGIN EC PRIVATE KEY-----\\n"\\\n"MHcCAQEEI{b55}\\n"\\\n"{b12}oAoGCCqGSM49AwEHoUQDQgAE{b28}\\n"\\\n"{b42}==\\n"\\\n"-----END EC PRIVATE KEY-----»\\n"',
  ],
  [
    'n100-aws-greengrass-installer-secret-access-key',
    'export AWS_ACCESS_KEY_ID=AKIA{U16}\nexport AWS_SECRET_ACCESS_KEY=«{b40}»\nsudo -E java -Droot="/greengrass/v2" -Dlog.store=FILE -jar ./GreengrassInstaller/lib/Greengrass.jar \\\n  --aws-region eu-central-1 --thing-name press-gw-01 --thing-group-name press-gws \\\n  --component-default-user ggc_user:ggc_group --provision true --setup-system-service true',
  ],
  [
    'n100-aws-iot-job-document-presigned-url',
    '{"execution":{"jobId":"ota-fw-2-4-1","status":"QUEUED","jobDocument":{"operation":"ota","url":"https://plant-fw-bucket.s3.eu-west-1.amazonaws.com/fw/press-2.4.1.bin?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=ASIA{U16}%2F20240611%2Feu-west-1%2Fs3%2Faws4_request&X-Amz-Date=20240611T081500Z&X-Amz-Expires=3600&X-Amz-Security-Token=«IQoJb3JpZ2luX2VjE{a120}%2B{a80}%3D%3D»&X-Amz-Signature=«{h64}»&X-Amz-SignedHeaders=host"}}}',
  ],
  [
    'n100-aws-secure-tunneling-localproxy-destination-token',
    'pi@press-gw-01:~ $ ./localproxy -r eu-west-1 -d localhost:22 -t «AQGAA{B260}»\n[2024-06-11T08:20:11.402]{2417}[info]    Starting proxy in destination mode',
  ],
  [
    'n100-aws-iotsecuretunneling-open-tunnel-output',
    '$ aws iotsecuretunneling open-tunnel --destination-config thingName=press-gw-01,services=SSH\n{\n    "tunnelId": "{h8}-{h4}-4{h3}-9{h3}-{h12}",\n    "tunnelArn": "arn:aws:iot:eu-west-1:{d12}:tunnel/{h8}-{h4}-4{h3}-9{h3}-{h12}",\n    "sourceAccessToken": "«AQGAA{B220}»",\n    "destinationAccessToken": "«AQGAA{B220}»"\n}',
  ],
  [
    'n100-aws-iot-python-sdk-mtls-from-bytes-inline-key',
    'KEY = b"""«-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ{b14}\n{b64}\n{b64}\n{b64}\n{b64}\n{b64}\n{b64}\n{b40}\n-----END PRIVATE KEY-----»"""\nmqtt_connection = mqtt_connection_builder.mtls_from_bytes(\n    endpoint="a{l13}-ats.iot.eu-west-1.amazonaws.com",\n    cert_bytes=open("device.pem.crt", "rb").read(),\n    pri_key_bytes=KEY,\n    client_id="press-gw-01")',
  ],
  [
    'n100-aws-iot-arduino-raw-string-ec-key',
    '// Device Private Key\nstatic const char AWS_CERT_PRIVATE[] PROGMEM = R"KEY(\n«-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEI{b55}\n{b12}oAoGCCqGSM49AwEHoUQDQgAE{b28}\n{b42}==\n-----END EC PRIVATE KEY-----»\n)KEY";',
  ],
  [
    'n100-aws-iot-fleet-provisioning-claim-key-ansible',
    '# group_vars/gateways/vault.yml (was supposed to be encrypted)\nclaim_certificate_id: {h64}\nclaim_private_key: |\n  «-----BEGIN RSA PRIVATE KEY-----\n  MIIEowIBAAKCAQEA{b48}\n  {b64}\n  {b64}\n  {b64}\n  {b64}\n  {b64}\n  {b64}\n  {b44}\n  -----END RSA PRIVATE KEY-----»',
  ],
  [
    'n100-aws-iot-custom-authorizer-token-password',
    'mosquitto_pub --cafile AmazonRootCA1.pem -h a{l13}-ats.iot.eu-west-1.amazonaws.com -p 443 --alpn mqtt \\\n  -i meter-20417 -u "meter-20417?x-amz-customauthorizer-name=MeterAuthorizer" \\\n  -P "«{B48}»" -t meters/telemetry -m 42',
  ],
  [
    'n100-gcp-iot-mosquitto-pub-jwt-password',
    'mosquitto_pub --host mqtt.googleapis.com --port 8883 --cafile roots.pem \\\n  --id projects/line-telemetry/locations/europe-west1/registries/press-reg/devices/press-04 \\\n  --username unused --pw "«eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJpYXQiOjE3{B60}.{B342}»" \\\n  --topic /devices/press-04/events --message \'{"rpm":1180}\'',
  ],
  [
    'n100-gcp-iot-python-repl-create-jwt',
    '>>> token = create_jwt("line-telemetry", "rsa_private.pem", "RS256")\n>>> token\n\'«eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.eyJpYXQiOjE3{B70}.{B342}»\'\n>>> client.username_pw_set(username="unused", password=token)',
  ],
  [
    'n100-gcp-iot-rsa-private-head-truncated',
    '$ openssl genpkey -algorithm RSA -out rsa_private.pem -pkeyopt rsa_keygen_bits:2048\n$ openssl rsa -in rsa_private.pem -pubout -out rsa_public.pem\n$ head -n 5 rsa_private.pem\n«-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ{b14}\n{b64}\n{b64}\n{b64}»',
  ],
  [
    'n100-clearblade-iot-http-publish-es256-jwt',
    'curl -X POST -H "authorization: Bearer «eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCJ9.eyJpYXQiOjE3{B60}.{B86}»" \\\n  -H \'content-type: application/json\' --data \'{"binary_data": "eyJ0ZW1wIjogMjEuNH0="}\' \\\n  "https://cloudiotdevice.googleapis.com/v1/projects/line-telemetry/locations/europe-west1/registries/press-reg/devices/press-04:publishEvent"',
  ],
  [
    'n100-gcp-iot-arduino-ciotc-private-key-colon-hex',
    '// ciotc_config.h\nconst char* project_id = "line-telemetry";\nconst char* location = "europe-west1";\nconst char* registry_id = "press-reg";\nconst char* device_id = "press-04";\nconst char* private_key_str =\n    "«{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}»";',
  ],
  [
    'n100-particle-python-requests-bearer-function-call',
    'r = requests.post(f"https://api.particle.io/v1/devices/{DEVICE_ID}/setpoint",\n                  headers={"Authorization": "Bearer «{h40}»"},\n                  data={"arg": "72"})\nprint(r.json()["return_value"])',
  ],
  [
    'n100-particle-cli-config-json-access-token',
    '$ cat ~/.particle/particle.config.json\n{\n  "username": "ops@greenfarm.io",\n  "access_token": "«{h40}»"\n}',
  ],
  ['n100-particle-login-token-flag-chain', 'particle login --token «{h40}» && particle usb list && particle flash --local firmware.bin'],
  [
    'n100-particle-js-getvariable-auth-literal',
    "const particle = new Particle();\nparticle.getVariable({ deviceId: '{h24}', name: 'soilMoist', auth: '«{h40}»' })\n  .then((d) => console.log(d.body.result));",
  ],
  [
    'n100-particle-sse-journal-log-query-token',
    'Jun 11 08:02:14 ingest-01 node[913]: [particle] subscribing https://api.particle.io/v1/devices/events/greenhouse?access_token=«{h40}»\nJun 11 08:02:15 ingest-01 node[913]: [particle] stream open (HTTP 200)',
  ],
  [
    'n100-particle-product-release-gha-env-literal',
    '      - name: Release product firmware\n        env:\n          PARTICLE_ACCESS_TOKEN: «{h40}»\n        run: |\n          curl -X PUT "https://api.particle.io/v1/products/21{d3}/firmware/release" \\\n            -d version=14 -d access_token=$PARTICLE_ACCESS_TOKEN',
  ],
  ['n100-balena-login-token-then-push', '$ balena login --token «{a32}»\n$ balena push acme/press-fleet --source .'],
  [
    'n100-balena-config-json-device-and-provisioning-keys',
    '{\n  "applicationId": 19{d5},\n  "deviceType": "raspberrypi4-64",\n  "userId": 1{d5},\n  "apiEndpoint": "https://api.balena-cloud.com",\n  "uuid": "{h32}",\n  "deviceApiKey": "«{a32}»",\n  "apiKey": "«{a32}»",\n  "persistentLogging": false\n}',
  ],
  [
    'n100-balena-api-key-generate-output',
    '$ balena api-key generate "gitlab-runner"\nRegistered api key \'gitlab-runner\':\n«{a32}»\nThis key will not be shown again, so please save it now.',
  ],
  [
    'n100-balena-supervisor-api-key-curl-restart',
    'curl -X POST --header "Content-Type:application/json" \\\n  "http://127.0.0.1:48484/v1/restart?apikey=«{h32}»" -d \'{"appId": 1{d6}}\'',
  ],
  [
    'n100-balena-gitlab-ci-token-variable-literal',
    'deploy:\n  image: balenalib/amd64-debian-node:18\n  variables:\n    BALENA_TOKEN: "«{a32}»"\n  script:\n    - npx balena-cli login --token "$BALENA_TOKEN"\n    - npx balena-cli push acme/press-fleet',
  ],
  [
    'n100-balena-sdk-login-with-token-provisioning',
    "const sdk = getSdk({ apiUrl: 'https://api.balena-cloud.com/' });\nawait sdk.auth.loginWithToken('«{a32}»');\nconst key = await sdk.models.application.generateProvisioningKey({ slugOrUuidOrId: 'acme/press-fleet', keyExpiryDate: '2025-01-01' });",
  ],
  [
    'n100-golioth-prj-conf-hardcoded-psk',
    'CONFIG_GOLIOTH_SAMPLE_HARDCODED_CREDENTIALS=y\nCONFIG_GOLIOTH_SAMPLE_HARDCODED_PSK_ID="kiln-07-id@furnace-monitor"\nCONFIG_GOLIOTH_SAMPLE_HARDCODED_PSK="«{a32}»"\nCONFIG_GOLIOTH_SAMPLE_WIFI_SSID="Plant-IoT"',
  ],
  [
    'n100-golioth-management-api-key-curl',
    'curl -s -H "x-api-key: «{a32}»" https://api.golioth.io/v1/projects/furnace-monitor/devices | jq \'.list[].name\'',
  ],
  [
    'n100-golioth-credentials-api-response-psk',
    '{"data":{"id":"{h24}","type":"PRE_SHARED_KEY","identity":"kiln-08-id@furnace-monitor","preSharedKey":"«{a32}»","createdAt":"2024-06-11T08:30:12Z"}}',
  ],
  [
    'n100-blynk-platformio-build-flags-auth-token',
    '[env:esp32dev]\nplatform = espressif32\nboard = esp32dev\nframework = arduino\nbuild_flags =\n  -D BLYNK_TEMPLATE_ID=\\"TMPL4{a8}\\"\n  -D BLYNK_TEMPLATE_NAME=\\"Greenhouse\\"\n  -D BLYNK_AUTH_TOKEN=\\"«{B32}»\\"',
  ],
  ['n100-blynk-http-api-update-url-token', 'curl "https://fra1.blynk.cloud/external/api/update?token=«{B32}»&V3=1"'],
  ['n100-blynk-python-blynklib-auth', "import BlynkLib\nBLYNK_AUTH = '«{B32}»'\nblynk = BlynkLib.Blynk(BLYNK_AUTH, server='blynk.cloud')"],
  ['n100-blynk-legacy-local-server-begin-hex', 'Blynk.begin("«{h32}»", ssid, pass, IPAddress(192, 168, 1, 50), 8080);'],
  [
    'n100-thingsboard-gateway-yaml-access-token',
    'thingsboard:\n  host: tb.plant.local\n  port: 1883\n  remoteShell: false\n  security:\n    accessToken: «{a20}»\nconnectors:\n  - type: modbus\n    name: Modbus line 3\n    configuration: modbus.json',
  ],
  [
    'n100-thingsboard-python-tb-device-mqtt-username',
    'from tb_device_mqtt import TBDeviceMqttClient\nclient = TBDeviceMqttClient("tb.plant.local", username="«{a20}»")\nclient.connect()\nclient.send_telemetry({"vibration_rms": 0.42})',
  ],
  [
    'n100-thingsboard-rest-login-password-and-jwt',
    '$ curl -s -X POST https://tb.plant.local/api/auth/login -H \'Content-Type: application/json\' -d \'{"username":"tenant@plant.local","password":"«{a16}»"}\'\n{"token":"«eyJhbGciOiJIUzUxMiJ9.eyJzdWIiOiJ0ZW5hbnRAcGxhbnQubG9jYWwiLCJzY29wZXMiOlsiVEVOQU5UX0FETUlOIl0s{B120}.{B86}»","refreshToken":"«eyJhbGciOiJIUzUxMiJ9.eyJzdWIiOiJ0ZW5hbnRAcGxhbnQubG9jYWwiLCJzY29wZXMiOlsiUkVGUkVTSF9UT0tFTiJd{B100}.{B86}»"}',
  ],
  [
    'n100-thingsboard-yml-jwt-signing-key-default',
    'security:\n  jwt:\n    tokenExpirationTime: "${JWT_TOKEN_EXPIRATION_TIME:9000}"\n    tokenIssuer: "${JWT_TOKEN_ISSUER:thingsboard.io}"\n    tokenSigningKey: "${JWT_TOKEN_SIGNING_KEY:«{b86}==»}"',
  ],
  [
    'n100-losant-mqtt-js-device-secret',
    "const { Device } = require('losant-mqtt');\nconst device = new Device({\n  id: '{h24}',\n  key: '{h8}-{h4}-4{h3}-a{h3}-{h12}',\n  secret: '«{h64}»'\n});\ndevice.connect();",
  ],
  [
    'n100-losant-api-token-curl-bearer',
    'curl -s -H "Authorization: Bearer «eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI2{B60}.{B43}»" \\\n  "https://api.losant.com/applications/{h24}/devices?perPage=100"',
  ],
  [
    'n100-losant-device-env-file-access-secret',
    'LOSANT_DEVICE_ID={h24}\nLOSANT_ACCESS_KEY={h8}-{h4}-4{h3}-8{h3}-{h12}\nLOSANT_ACCESS_SECRET=«{h64}»',
  ],
  [
    'n100-ubidots-bbus-python-requests-header',
    'headers = {"X-Auth-Token": "«BBUS-{a30}»", "Content-Type": "application/json"}\nrequests.post("https://industrial.api.ubidots.com/api/v1.6/devices/boiler-3", json={"pressure": 4.2}, headers=headers)',
  ],
  [
    'n100-ubidots-telegraf-http-output-header',
    '[[outputs.http]]\n  url = "https://industrial.api.ubidots.com/api/v1.6/devices/telegraf-gw"\n  data_format = "json"\n  [outputs.http.headers]\n    X-Auth-Token = "«BBUS-{a30}»"',
  ],
  [
    'n100-ubidots-arduino-library-constructor-bbff',
    '#include "Ubidots.h"\nUbidots ubidots("«BBFF-{a30}»", UBI_HTTP);\nvoid loop() { ubidots.add("temp", readTemp()); ubidots.send("boiler-3"); delay(5000); }',
  ],
  [
    'n100-adafruit-io-python-client-aio-key',
    "from Adafruit_IO import Client\naio = Client('farmbot_nl', '«aio_{a28}»')\naio.send_data('soil-moisture', 41)",
  ],
  [
    'n100-adafruit-io-curl-legacy-hex-key-header',
    'curl -H "X-AIO-Key: «{h32}»" "https://io.adafruit.com/api/v2/farmbot_nl/feeds/soil-moisture/data?limit=5"',
  ],
  [
    'n100-adafruit-io-mosquitto-sub-password',
    "mosquitto_sub -h io.adafruit.com -p 8883 --capath /etc/ssl/certs -u farmbot_nl -P «aio_{a28}» -t 'farmbot_nl/feeds/#' -v",
  ],
  [
    'n100-adafruit-io-wifi-constructor-literal-key',
    '#include "AdafruitIO_WiFi.h"\nAdafruitIO_WiFi io("farmbot_nl", "«aio_{a28}»", "Barn-2G", "«{a14}»");\nAdafruitIO_Feed *moist = io.feed("soil-moisture");',
  ],
  [
    'n100-define-mqtt-password-config-h-block',
    '#define MQTT_SERVER   "192.168.10.5"\n#define MQTT_PORT     1883\n#define MQTT_USER     "pump-house"\n#define MQTT_PASSWORD "«{a18}»"\n#define MQTT_TOPIC    "plant/pump-house/state"',
  ],
  [
    'n100-secrets-h-designated-initializer-struct',
    '// secrets.h -- gitignored since yesterday, but it\'s in history\nconst Secrets SECRETS = {\n  .wifiSsid = "Stall-IoT",\n  .wifiPass = "«{a14}»",\n  .mqttUser = "feeder-3",\n  .mqttPass = "«{a20}»",\n};',
  ],
  [
    'n100-platformio-build-flags-mqtt-pass-escaped-quotes',
    '[env:d1_mini]\nplatform = espressif8266\nboard = d1_mini\nframework = arduino\nbuild_flags =\n    -DMQTT_HOST=\\"10.0.40.2\\"\n    -DMQTT_USER=\\"thermo\\"\n    -DMQTT_PASS=\\"«{a16}»\\"',
  ],
  [
    'n100-platformio-build-flags-wifi-password-single-quoted',
    'build_flags =\n  \'-D WIFI_SSID="Barn-2G"\'\n  \'-D WIFI_PASSWORD="«{a14}»"\'\n  -D CORE_DEBUG_LEVEL=3',
  ],
  [
    'n100-tasmota-console-backlog-mqtt-password',
    '17:02:41.118 CMD: Backlog MqttHost 10.0.40.2; MqttUser sonoff-fan; MqttPassword «{a16}»; Topic fan_loft; SetOption19 1',
  ],
  [
    'n100-tasmota-user-config-override-mqtt-and-sta',
    '#undef  MQTT_USER\n#define MQTT_USER         "tasmota"\n#undef  MQTT_PASS\n#define MQTT_PASS         "«{a18}»"\n#undef  STA_PASS1\n#define STA_PASS1         "«{a14}»"',
  ],
  [
    'n100-mosquitto-bridge-remote-password',
    'connection cloud-bridge\naddress mqtt.eu.acme-iot.com:8883\nremote_username site-ams-01\nremote_password «{a28}»\ntopic plant/# out 1\nbridge_cafile /etc/mosquitto/certs/ca.crt',
  ],
  [
    'n100-mosquitto-passwd-batch-mode-cli',
    '$ sudo mosquitto_passwd -b /etc/mosquitto/passwd zigbee2mqtt «{a20}»\n$ sudo systemctl reload mosquitto',
  ],
  [
    'n100-micropython-umqtt-client-password-kwarg',
    'from umqtt.simple import MQTTClient\nc = MQTTClient("pico-w-{h6}", "10.0.40.2", user="pico", password="«{a16}»", keepalive=60)\nc.connect()\nc.publish(b"greenhouse/pico/temp", b"21.4")',
  ],
  [
    'n100-esp-idf-mqtt-client-config-credentials',
    'esp_mqtt_client_config_t mqtt_cfg = {\n    .broker.address.uri = "mqtts://broker.plant.local:8883",\n    .broker.verification.certificate = (const char *)ca_pem_start,\n    .credentials.username = "line4-plc-gw",\n    .credentials.authentication.password = "«{a22}»",\n};',
  ],
  [
    'n100-pubsubclient-connect-literal-password',
    '  while (!client.connected()) {\n    if (client.connect("greenhouse-node", "greenhouse", "«{a16}»")) {\n      client.subscribe("greenhouse/cmd");\n    } else { delay(5000); }\n  }',
  ],
  [
    'n100-mqtt-url-with-credentials-dotenv',
    'MQTT_URL=mqtts://edge-gw:«{a20}»@broker.plant.local:8883\nMQTT_CLIENT_ID=edge-gw-hall-b\nMQTT_QOS=1',
  ],
  [
    'n100-shelly-gen2-rpc-mqtt-setconfig-pass',
    'curl -s -X POST -d \'{"id":1,"method":"MQTT.SetConfig","params":{"config":{"enable":true,"server":"10.0.40.2:1883","user":"shelly-plug-3","pass":"«{a16}»"}}}\' http://192.168.33.1/rpc',
  ],
  [
    'n100-sdkconfig-broker-password-esp-idf-example',
    'CONFIG_BROKER_URL="mqtts://mqtt.plant.local:8883"\nCONFIG_BROKER_USERNAME="dryer-ctrl"\nCONFIG_BROKER_PASSWORD="«{a20}»"\nCONFIG_BROKER_CERTIFICATE_OVERRIDDEN=y',
  ],
  [
    'n100-rumqttc-set-credentials-rust',
    'let mut opts = MqttOptions::new("edge-agent", "mqtt.plant.local", 8883);\nopts.set_keep_alive(Duration::from_secs(30));\nopts.set_credentials("edge-agent", "«{a24}»");\nlet (client, mut eventloop) = AsyncClient::new(opts, 10);',
  ],
  [
    'n100-chat-prose-hivemq-cloud-credentials',
    'HiveMQ Cloud cluster is {h32}.s1.eu.hivemq.cloud:8883, user `sensor-bridge`, pw `«{a18}»` - works from MQTT Explorer but the ESP32 gets rc=-2. TLS issue?',
  ],
  [
    'n100-home-assistant-mosquitto-addon-logins',
    'logins:\n  - username: ha-zigbee\n    password: «{a20}»\n  - username: ha-esphome\n    password: «{a20}»\nrequire_certificate: false\ncertfile: fullchain.pem',
  ],
  [
    'n100-paho-c-connect-options-password',
    'MQTTClient_connectOptions conn_opts = MQTTClient_connectOptions_initializer;\nconn_opts.keepAliveInterval = 20;\nconn_opts.username = "rtu-gw-7";\nconn_opts.password = "«{a20}»";\nrc = MQTTClient_connect(client, &conn_opts);',
  ],
  [
    'n100-sparkplug-tahu-edge-node-username-pw',
    'client = mqtt.Client("edge-node-07")\nclient.username_pw_set("edge-node-07", "«{a20}»")\ndeathPayload = sparkplug.getNodeDeathPayload()\nclient.will_set("spBv1.0/PlantA/NDEATH/edge-node-07", deathPayload.SerializeToString(), 0, False)',
  ],
  [
    'n100-rabbitmq-conf-mqtt-plugin-default-pass',
    'mqtt.listeners.tcp.default = 1883\nmqtt.allow_anonymous = false\nmqtt.default_user = plant-ingest\nmqtt.default_pass = «{a20}»\nmqtt.vhost = /plant',
  ],
  [
    'n100-emqx-compose-dashboard-default-password',
    '  emqx:\n    image: emqx/emqx:5.7.0\n    environment:\n      - EMQX_NODE__NAME=emqx@node1.plant.local\n      - EMQX_DASHBOARD__DEFAULT_PASSWORD=«{a16}»\n    ports: ["1883:1883", "18083:18083"]',
  ],
  [
    'n100-zigbee2mqtt-network-key-flow-array',
    'advanced:\n  pan_id: 0x{H4}\n  ext_pan_id: [221, 221, 221, 221, 221, 221, 221, 221]\n  channel: 15\n  network_key: [«1{d2}, 2{d1}, {d1}, 23{d1}, 1{d2}, 6{d1}, 4{d1}, 1{d2}, 9{d1}, 2{d1}, 1{d2}, 7{d1}, 24{d1}, 3{d1}, 1{d2}, 5{d1}»]\n  log_level: info',
  ],
  [
    'n100-zigbee2mqtt-compose-env-network-key',
    '    environment:\n      - TZ=Europe/Amsterdam\n      - ZIGBEE2MQTT_CONFIG_SERIAL_PORT=/dev/ttyACM0\n      - ZIGBEE2MQTT_CONFIG_ADVANCED_NETWORK_KEY=[«1{d2}, 2{d1}, {d1}, 23{d1}, 1{d2}, 6{d1}, 4{d1}, 1{d2}, 9{d1}, 2{d1}, 1{d2}, 7{d1}, 24{d1}, 3{d1}, 1{d2}, 5{d1}»]',
  ],
  [
    'n100-zigbee2mqtt-coordinator-backup-json',
    '{\n  "metadata": {"format": "zigpy/open-coordinator-backup", "version": 1, "source": "zigbee-herdsman@0.50.1"},\n  "stack_specific": {"zstack": {"tclk_seed": "«{h32}»"}},\n  "coordinator_ieee": "00124b00{h8}",\n  "pan_id": "{h4}",\n  "extended_pan_id": "{h16}",\n  "channel": 25,\n  "security_level": 5,\n  "network_key": {"key": "«{h32}»", "sequence_number": 0, "frame_counter": 1{d5}}\n}',
  ],
  [
    'n100-zha-diagnostics-network-info-colon-key',
    '    "network_info": {\n      "extended_pan_id": "{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}",\n      "pan_id": "0x{h4}",\n      "nwk_update_id": 0,\n      "channel": 15,\n      "security_level": 5,\n      "network_key": {\n        "key": "«{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}»",\n        "tx_counter": 2{d5},\n        "seq": 0\n      }',
  ],
  [
    'n100-bellows-backup-jq-network-key',
    '$ bellows -d /dev/ttyUSB0 backup > ember-backup.json\n$ jq .network_key ember-backup.json\n{\n  "key": "«{h32}»",\n  "tx_counter": 4{d5},\n  "seq": 0\n}',
  ],
  [
    'n100-silabs-z3gateway-keys-print',
    'Z3Gateway>keys print\nEMBER_SECURITY_LEVEL: 05\nNWK Key out FC: 0000{H4}\nNWK Key seq num: 0x00\nNWK Key: «{H32}»\nLink Key out FC: 00000{H3}',
  ],
  [
    'n100-tinytuya-devices-json-local-key',
    '[\n  {\n    "name": "Dryer plug",\n    "id": "bf{l18}",\n    "key": "«{a16}»",\n    "mac": "{h2}:{h2}:{h2}:{h2}:{h2}:{h2}",\n    "ip": "192.168.1.57",\n    "version": "3.3"\n  }\n]',
  ],
  [
    'n100-tinytuya-json-cloud-api-secret',
    '{\n    "apiKey": "{l20}",\n    "apiSecret": "«{h32}»",\n    "apiRegion": "eu",\n    "apiDeviceID": "bf{l18}"\n}',
  ],
  [
    'n100-tinytuya-outlet-device-local-key-arg',
    "import tinytuya\nd = tinytuya.OutletDevice('bf{l18}', '192.168.1.57', '«{a16}»')\nd.set_version(3.3)\nprint(d.status())",
  ],
  [
    'n100-zwave-js-driver-security-keys-buffer-from',
    'const driver = new Driver("/dev/serial/by-id/usb-Zooz_800_Z-Wave_Stick_{h12}-if00", {\n  securityKeys: {\n    S2_Unauthenticated: Buffer.from("«{H32}»", "hex"),\n    S2_Authenticated: Buffer.from("«{H32}»", "hex"),\n    S2_AccessControl: Buffer.from("«{H32}»", "hex"),\n    S0_Legacy: Buffer.from("«{H32}»", "hex"),\n  },\n});',
  ],
  [
    'n100-zwave-js-ui-settings-long-range-keys',
    '  "zwave": {\n    "port": "/dev/ttyUSB0",\n    "securityKeysLongRange": {\n      "S2_Authenticated": "«{H32}»",\n      "S2_AccessControl": "«{H32}»"\n    },\n    "rf": { "region": 1 }\n  }',
  ],
  [
    'n100-ha-legacy-zwave-network-key-0x-list',
    'zwave:\n  usb_path: /dev/ttyACM0\n  network_key: "«0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}»"',
  ],
  [
    'n100-chat-prose-zwave-keys-after-migration',
    'moved the stick to the new Pi and restored the NVM backup, but every lock is dead now. Old S2_AccessControl was «{H32}» and S0 «{H32}», I pasted both into the new settings - do the keys have to be entered before the NVM restore?',
  ],
  ['n100-ot-ctl-networkkey-and-pskc-output', '> networkkey\n«{h32}»\nDone\n> pskc\n«{h32}»\nDone'],
  [
    'n100-ot-ctl-dataset-active-hex-tlvs',
    '> dataset active -x\n«0e08000000000001000000030000{h2}35060004001fffe00208{h16}0708fd{h14}0510{h32}030f4f70656e5468726561642d{h8}0102{h4}0410{h32}0c0402a0f7f8»\nDone',
  ],
  [
    'n100-otbr-rest-active-dataset-json',
    '$ curl -s http://otbr.local:8081/node/dataset/active\n{"ActiveTimestamp":{"Seconds":1,"Ticks":0,"Authoritative":false},"NetworkKey":"«{H32}»","NetworkName":"ha-thread-{h4}","ExtPanId":"{H16}","MeshLocalPrefix":"fd{h2}:{h4}:{h4}:{h4}::/64","PanId":4{d4},"Channel":15,"PSKc":"«{H32}»","ChannelMask":134215680}',
  ],
  [
    'n100-matter-server-set-thread-dataset-ws',
    '{"message_id": "3", "command": "set_thread_dataset", "args": {"dataset": "«0e08000000000001000000030000{h2}35060004001fffe00208{h16}0708fd{h14}0510{h32}030f4f70656e5468726561642d{h8}0102{h4}0410{h32}0c0402a0f7f8»"}}',
  ],
  [
    'n100-chip-tool-pairing-code-thread-dataset',
    './chip-tool pairing code-thread 0x12 hex:«0e08000000000001000000030000{h2}35060004001fffe00208{h16}0708fd{h14}0510{h32}030f4f70656e5468726561642d{h8}0102{h4}0410{h32}0c0402a0f7f8» 34970112332',
  ],
  [
    'n100-ot-ctl-dataset-set-networkkey-commit',
    '> dataset init new\nDone\n> dataset networkkey «{h32}»\nDone\n> dataset pskc «{h32}»\nDone\n> dataset commit active\nDone',
  ],
  ['n100-ot-commissioner-joiner-add-pskd', '> commissioner start\nDone\n> commissioner joiner add * «{u10}»\nDone'],
  [
    'n100-matter-dac-private-key-pem-factory',
    '$ ./chip-cert gen-att-cert --type d --subject-cn "Press Sensor DAC" --subject-vid FFF1 --subject-pid 8000 \\\n    --ca-key out/PAI_key.pem --ca-cert out/PAI_cert.pem --out-key out/DAC_key.pem --out out/DAC_cert.pem --valid-from 2024-06-01 --lifetime 4294967295\n$ cat out/DAC_key.pem\n«-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEI{b55}\n{b12}oAoGCCqGSM49AwEHoUQDQgAE{b28}\n{b42}==\n-----END EC PRIVATE KEY-----»',
  ],
  [
    'n100-telegraf-inputs-opcua-username-password',
    '[[inputs.opcua]]\n  name = "line3"\n  endpoint = "opc.tcp://10.20.3.11:4840"\n  security_policy = "Basic256Sha256"\n  security_mode = "SignAndEncrypt"\n  auth_method = "UserName"\n  username = "telegraf"\n  password = "«{a18}»"\n  nodes = [\n    {name="spindle_rpm", namespace="3", identifier_type="s", identifier="\\"DB_Spindle\\".\\"rpm\\""},\n  ]',
  ],
  [
    'n100-node-opcua-create-session-user-identity',
    'const session = await client.createSession({\n  type: UserTokenType.UserName,\n  userName: "mes-reader",\n  password: "«{a20}»",\n});\nconst dv = await session.read({ nodeId: "ns=3;s=\\"DB_Filler\\".\\"Speed\\"", attributeId: AttributeIds.Value });',
  ],
  [
    'n100-asyncua-set-user-set-password',
    'client = Client("opc.tcp://kepware01.plant.local:49320")\nclient.set_user("svc_historian")\nclient.set_password("«{a18}»")\nawait client.set_security_string("Basic256Sha256,SignAndEncrypt,certs/client.der,certs/client_key.pem")\nasync with client:\n    val = await client.get_node("ns=2;s=Line3.Filler.Speed").read_value()',
  ],
  [
    'n100-asyncua-uaread-url-embedded-credentials',
    '$ uaread -u "opc.tcp://operator:«{a14}»@192.168.50.20:4840" -n "ns=2;s=Line1.Filler.Speed"\n412.5',
  ],
  [
    'n100-asyncua-load-private-key-password',
    'await client.load_client_certificate("pki/own/certs/uaclient.der")\nawait client.load_private_key("pki/own/private/uaclient.pem", password="«{a16}»", format="pem")\nclient.application_uri = "urn:plant:historian:client"',
  ],
  [
    'n100-milo-client-keystore-and-key-passwords',
    'opcua.client.keystore.path=/opt/gateway/pki/client.pfx\nopcua.client.keystore.password=«{a16}»\nopcua.client.key.alias=client-ai\nopcua.client.key.password=«{a16}»\nopcua.client.endpoint=opc.tcp://10.20.3.11:4840',
  ],
  [
    'n100-neuron-opcua-south-node-setting-json',
    '{"node": "filler-plc", "params": {"url": "opc.tcp://10.20.3.15:4840", "username": "neuron", "password": "«{a16}»", "cert": "", "key": ""}}',
  ],
  [
    'n100-kepware-config-api-basic-auth-curl',
    'curl -s -u Administrator:«{a14}» "http://kepware01.plant.local:57412/config/v1/project/channels" | jq \'.[].common.ALLTYPES_NAME\'',
  ],
  [
    'n100-opcua-commander-cli-user-password',
    'npx opcua-commander -e opc.tcp://10.20.3.11:4840 -s SignAndEncrypt -P Basic256Sha256 -u engineer -p «{a14}»',
  ],
  [
    'n100-modbus2mqtt-yaml-mqtt-password',
    'mqtt:\n  url: mqtt://10.0.40.2\n  username: modbus2mqtt\n  password: «{a18}»\nmodbus:\n  host: 10.20.4.30\n  port: 502\n  unit_id: 1',
  ],
  [
    'n100-python-opcua-server-user-dict',
    'USERS = {"operator": "«{a14}»", "engineer": "«{a16}»"}\n\ndef user_manager(isession, username, password):\n    return USERS.get(username) == password',
  ],
  [
    'n100-pi-oledb-connection-string-csharp',
    'const string PiConn = "Provider=PIOLEDB.1;Data Source=PISRV01;User ID=piuser;Password=«{a16}»;Integrated Security=False;Persist Security Info=True";',
  ],
  [
    'n100-pi-web-api-curl-domain-basic-auth',
    'curl -s -u \'CORP\\svc_piwebapi:«{a18}»\' \\\n  "https://piweb.corp.local/piwebapi/streams/F1DP{B22}AQAAAAUElTUlYwMVxTSU5VU09JRA/value"',
  ],
  [
    'n100-aveva-data-hub-appsettings-client-secret',
    '{\n  "Resource": "https://uswe.datahub.connect.aveva.com",\n  "ApiVersion": "v1",\n  "TenantId": "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n  "NamespaceId": "PlantOps",\n  "ClientId": "{h8}-{h4}-4{h3}-b{h3}-{h12}",\n  "ClientSecret": "«{b43}=»"\n}',
  ],
  [
    'n100-pi-adapter-opcua-datasource-password',
    '{\n  "EndpointUrl": "opc.tcp://10.20.3.11:4840",\n  "UseBrowse": true,\n  "StreamIdPrefix": "Line3.",\n  "SecurityMode": "SignAndEncrypt",\n  "UserName": "piadapter",\n  "Password": "«{a18}»"\n}',
  ],
  ['n100-pi-odbc-connection-string-pwd', 'Driver={PI ODBC Driver};Server=PISQLDAS01;Data Source=PISRV01;UID=pireporting;PWD=«{a16}»;'],
  [
    'n100-aveva-historian-sql-connection-appsettings',
    '"ConnectionStrings": {\n  "Historian": "Server=HISTSRV01;Database=Runtime;User Id=histreader;Password=«{a16}»;TrustServerCertificate=True"\n}',
  ],
  [
    'n100-edge-data-store-pi-egress-endpoint-password',
    '{\n  "Id": "pi-egress",\n  "Endpoint": "https://piweb.corp.local/piwebapi/omf",\n  "UserName": "CORP\\\\svc_eds",\n  "Password": "«{a18}»",\n  "ValidateEndpointCertificate": true\n}',
  ],
  [
    'n100-metasys-rest-login-body-and-access-token',
    'POST https://adx01.campus.local/api/v4/login\n{"username": "api-integration", "password": "«{a16}»"}\n\n200 OK\n{"accessToken": "«eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.eyJpYXQiOjE3{B100}.{B342}»", "expires": "2024-06-11T10:15:00Z"}',
  ],
  [
    'n100-niagara-jace-handover-notes-passwords',
    'JACE-8000 (AHU plant room)  https://10.30.1.10  user: admin    pw: «{a14}»\nSupervisor (WS01)           https://10.30.1.5   user: bms_eng  pw: «{a14}»\nBACnet network 1, device instance 300101, UDP 47808',
  ],
  [
    'n100-bms-controller-web-ui-curl-basic-auth',
    'curl -s -u operator:«{a12}» "http://10.30.2.21/cgi-bin/bacnet?obj=analog-input,3&prop=present-value"',
  ],
  [
    'n100-bacnet-sc-hub-operational-private-key',
    '$ sudo cat /opt/bacnet-sc/hub/operational-key.pem\n«-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg{b16}\n{b64}\n{b56}\n-----END PRIVATE KEY-----»',
  ],
  [
    'n100-bac0-script-influx-token',
    'bacnet = BAC0.lite(ip="10.30.1.50/24")\nahu = BAC0.device("10.30.1.21", 300121, bacnet)\ninflux = InfluxDBClient(url="http://influx.campus.local:8086", token="«{B86}==»", org="facilities")',
  ],
  [
    'n100-snap7-set-session-password',
    'client = snap7.client.Client()\nclient.connect("192.168.0.1", 0, 1)\nclient.set_session_password("«{a8}»")\ndb = client.db_read(12, 0, 64)',
  ],
  [
    'n100-pyads-add-route-to-plc-password',
    'pyads.open_port()\npyads.set_local_address("192.168.1.100.1.1")\npyads.add_route_to_plc("192.168.1.100.1.1", "eng-ws-07", "192.168.1.20", "Administrator", "«{a12}»", route_name="eng-ws-07")',
  ],
  [
    'n100-twincat-commissioning-note-route-password',
    'CX5140 filler line 3: AMS NetId 5.{d2}.1{d2}.4{d1}.1.1, IP 192.168.1.20\nWindows login for ADS route: Administrator / «{a12}»\nTwinCAT 3.1.4024.56, PLC port 851',
  ],
  [
    'n100-tia-project-protection-passwords-handover',
    'Line3_Packaging.ap17\n  Project protection (UMAC) admin:                       «{a14}»\n  CPU 1516-3 PN/DP "Full access incl. fail-safe" level:  «{a12}»\n  F-admin password:                                      «{a12}»',
  ],
  [
    'n100-codesys-scripting-set-default-credentials',
    '# codesys --runscript=deploy.py --noUI\nonline.set_default_credentials("Administrator", "«{a14}»")\nproj = projects.open(r"C:\\Projects\\Filler.project")\napp = proj.active_application\nonlineapp = online.create_online_application(app)\nonlineapp.login(OnlineChangeOption.Try, True)',
  ],
  ['n100-quectel-at-qicsgp-apn-password', 'AT+QICSGP=1,1,"m2m.plantnet","plant-m2m","«{a12}»",1\nOK\nAT+QIACT=1\nOK'],
  ['n100-at-cgauth-3gpp-order-chap', 'AT+CGDCONT=1,"IP","scada.apn"\nOK\nAT+CGAUTH=1,2,"rtu-0042","«{a12}»"\nOK'],
  ['n100-ublox-at-upsd-password', 'AT+UPSD=0,1,"scada.apn"\nAT+UPSD=0,2,"rtu-0042"\nAT+UPSD=0,3,"«{a12}»"\nAT+UPSDA=0,3'],
  ['n100-mmcli-simple-connect-password', 'sudo mmcli -m 0 --simple-connect="apn=scada.apn,user=rtu-0042,password=«{a12}»,ip-type=ipv4"'],
  [
    'n100-nmcli-gsm-connection-password',
    "nmcli connection add type gsm ifname '*' con-name lte-scada apn scada.apn gsm.username rtu-0042 gsm.password «{a12}»",
  ],
  [
    'n100-ppp-chap-secrets-line',
    '# /etc/ppp/chap-secrets\n# client        server  secret              IP addresses\n"rtu-0042"      *       "«{a14}»"   *',
  ],
  [
    'n100-teltonika-uci-mobile-interface-password',
    "config interface 'mob1s1a1'\n\toption proto 'wwan'\n\toption apn 'scada.apn'\n\toption auth 'chap'\n\toption username 'rtu-0042'\n\toption password '«{a12}»'",
  ],
  ['n100-at-cpin-puk-unblock', 'AT+CPIN?\n+CPIN: SIM PUK\nAT+CPIN="«{d8}»","4821"\nOK'],
  [
    'n100-wpa-supplicant-conf-quoted-psk',
    'ctrl_interface=DIR=/var/run/wpa_supplicant GROUP=netdev\ncountry=NL\nnetwork={\n    ssid="Hall-B-Sensors"\n    psk="«{a16}»"\n    key_mgmt=WPA-PSK\n}',
  ],
  [
    'n100-wpa-passphrase-output-hex-and-comment',
    '$ wpa_passphrase "Hall-B-Sensors" | sudo tee -a /etc/wpa_supplicant/wpa_supplicant.conf\nnetwork={\n\tssid="Hall-B-Sensors"\n\t#psk="«{a14}»"\n\tpsk=«{h64}»\n}',
  ],
  [
    'n100-sdkconfig-defaults-example-wifi-password',
    '# sdkconfig.defaults.esp32c6\nCONFIG_EXAMPLE_CONNECT_WIFI=y\nCONFIG_EXAMPLE_WIFI_SSID="Press-Line-IoT"\nCONFIG_EXAMPLE_WIFI_PASSWORD="«{a16}»"\nCONFIG_EXAMPLE_WIFI_AUTH_WPA2_PSK=y',
  ],
  [
    'n100-zephyr-shell-wifi-connect-passphrase',
    'uart:~$ wifi connect -s "Hall-B-Sensors" -p «{a16}» -k 1\nConnection requested\nConnected',
  ],
  [
    'n100-networkmanager-nmconnection-psk',
    '[wifi]\nmode=infrastructure\nssid=Hall-B-Sensors\n\n[wifi-security]\nkey-mgmt=wpa-psk\npsk=«{a16}»',
  ],
  [
    'n100-netplan-wifi-access-point-password',
    'network:\n  version: 2\n  wifis:\n    wlan0:\n      dhcp4: true\n      access-points:\n        "Hall-B-Sensors":\n          password: "«{a16}»"',
  ],
  [
    'n100-hostapd-gateway-setup-ap-passphrase',
    'interface=wlan0\nssid=gw-setup-{h4}\nwpa=2\nwpa_key_mgmt=WPA-PSK\nwpa_passphrase=«{a14}»\nrsn_pairwise=CCMP',
  ],
  [
    'n100-esp-prov-softap-pop-and-passphrase',
    'python esp_prov.py --transport softap --service_name "192.168.4.1:80" --sec_ver 1 --pop «{a10}» \\\n  --ssid "Hall-B-Sensors" --passphrase «{a16}»',
  ],
  [
    'n100-micropython-wlan-connect-literal',
    'import network\nwlan = network.WLAN(network.STA_IF)\nwlan.active(True)\nwlan.connect("Hall-B-Sensors", "«{a16}»")',
  ],
  [
    'n100-nvs-partition-csv-wifi-and-mqtt',
    'key,type,encoding,value\nwifi,namespace,,\nssid,data,string,Hall-B-Sensors\npass,data,string,«{a16}»\nmqtt,namespace,,\nmqtt_pass,data,string,«{a20}»',
  ],
  [
    'n100-raspi-config-nonint-wifi-passphrase',
    'sudo raspi-config nonint do_wifi_country NL\nsudo raspi-config nonint do_wifi_ssid_passphrase "Hall-B-Sensors" "«{a16}»" 0 0',
  ],
  ['n100-tasmota-backlog-ssid-password', 'Backlog SSId1 Hall-B-Sensors; Password1 «{a16}»; WifiConfig 4; Hostname press-plug-3'],
  [
    'n100-esp-idf-wifi-prov-mgr-pop-literal',
    'wifi_prov_security_t security = WIFI_PROV_SECURITY_1;\nconst char *pop = "«{a12}»";\nESP_ERROR_CHECK(wifi_prov_mgr_start_provisioning(security, (const void *) pop, service_name, NULL));',
  ],
  ['n100-wifi-qr-payload-string', 'const char *setupQr = "WIFI:T:WPA;S:Hall-B-Sensors;P:«{a16}»;;";\nqrcode_display(setupQr);'],
  [
    'n100-espsecure-signing-key-pem-cat',
    '$ espsecure.py generate_signing_key --version 2 --scheme ecdsa256 secure_boot_signing_key.pem\n$ cat secure_boot_signing_key.pem\n«-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEI{b55}\n{b12}oAoGCCqGSM49AwEHoUQDQgAE{b28}\n{b42}==\n-----END EC PRIVATE KEY-----»',
  ],
  [
    'n100-esp-flash-encryption-key-xxd-plain',
    '$ espsecure.py generate_flash_encryption_key fe_key.bin\n$ xxd -p fe_key.bin\n«{h60}\n{h4}»',
  ],
  [
    'n100-imgtool-keygen-fleet-ec-p256-pem',
    '$ imgtool keygen -k keys/fleet-signing-ec-p256.pem -t ecdsa-p256\n$ cat keys/fleet-signing-ec-p256.pem\n«-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg{b16}\n{b64}\n{b56}\n-----END PRIVATE KEY-----»',
  ],
  [
    'n100-imgtool-getpriv-x25519-c-array',
    '$ imgtool getpriv -k keys/enc-x25519.pem\n/* Autogenerated by imgtool.py, do not edit. */\nconst unsigned char enc_priv_key[] = {\n  0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x6e, 0x04, 0x22, 0x04, 0x20,\n  «0x{h2}, 0x{h2}, 0x{h2}, 0x{h2}, 0x{h2}, 0x{h2}, 0x{h2}, 0x{h2}, 0x{h2}, 0x{h2}, 0x{h2}, 0x{h2}, 0x{h2}, 0x{h2}, 0x{h2}, 0x{h2},\n  0x{h2}, 0x{h2}, 0x{h2}, 0x{h2}, 0x{h2}, 0x{h2}, 0x{h2}, 0x{h2}, 0x{h2}, 0x{h2}, 0x{h2}, 0x{h2}, 0x{h2}, 0x{h2}, 0x{h2}, 0x{h2}»,\n};\nconst unsigned int enc_priv_key_len = 48;',
  ],
  [
    'n100-mender-artifact-signing-private-key',
    '$ mender-artifact sign press-gw-2.4.1.mender -k keys/mender-signing.key\n$ cat keys/mender-signing.key\n«-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA{b48}\n{b64}\n{b64}\n{b64}\n{b64}\n{b64}\n{b64}\n{b64}\n{b64}\n{b44}\n-----END RSA PRIVATE KEY-----»',
  ],
  [
    'n100-mender-conf-tenant-token',
    '{\n  "ServerURL": "https://hosted.mender.io",\n  "TenantToken": "«eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJtZW5kZXIudGVuYW50Ijoi{B80}.{B342}»",\n  "UpdatePollIntervalSeconds": 1800,\n  "InventoryPollIntervalSeconds": 28800\n}',
  ],
  [
    'n100-hawkbit-ddi-target-token-header',
    'curl -s -H "Authorization: TargetToken «{l32}»" \\\n  https://hawkbit.plant.local/DEFAULT/controller/v1/press-gw-01',
  ],
  [
    'n100-swupdate-suricatta-gateway-token',
    'suricatta :\n{\n\ttenant\t\t= "DEFAULT";\n\tid\t\t= "press-gw-01";\n\turl\t\t= "https://hawkbit.plant.local";\n\tgatewaytoken\t= "«{l32}»";\n\tpolldelay\t= 300;\n};',
  ],
  [
    'n100-swupdate-aes-key-file-key-and-iv',
    '$ cat /etc/swupdate/aes.key\n«{h64}» {h32}\n$ swupdate -K /etc/swupdate/aes.key -k /etc/swupdate/public.pem -i update.swu',
  ],
  [
    'n100-platformio-espota-upload-auth',
    '[env:ota]\nupload_protocol = espota\nupload_port = 10.0.40.57\nupload_flags =\n    --port=3232\n    --auth=«{a16}»',
  ],
  [
    'n100-rauc-signing-key-openssl-passout',
    'openssl req -x509 -newkey rsa:4096 -keyout rauc-dev.key.pem -out rauc-dev.cert.pem -days 3650 \\\n  -subj "/O=PlantCo/CN=rauc signing" -passout pass:«{a16}»',
  ],
  [
    'n100-uboot-fit-signing-key-pkcs8',
    '$ mkimage -f image.its -k keys -K u-boot.dtb -r image.itb\n$ cat keys/fit-sign.key\n«-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ{b14}\n{b64}\n{b64}\n{b64}\n{b64}\n{b64}\n{b64}\n{b64}\n{b64}\n{b40}\n-----END PRIVATE KEY-----»',
  ],
  [
    'n100-go-ota-server-ed25519-signing-key-const',
    '// TODO(ops): move to KMS before GA\nconst otaSigningKeyPEM = "«-----BEGIN PRIVATE KEY-----\\nMC4CAQAwBQYDK2VwBCIEI{b43}\\n-----END PRIVATE KEY-----»\\n"',
  ],
  [
    'n100-node-red-flows-cred-opcua-and-pi',
    '{\n  "{h16}": {"user": "opc_reader", "password": "«{a16}»"},\n  "{h16}": {"user": "CORP\\\\svc_pi", "password": "«{a18}»"}\n}',
  ],
  [
    'n100-node-red-settings-credential-secret-env-fallback',
    'module.exports = {\n    flowFile: \'flows.json\',\n    credentialSecret: process.env.NODE_RED_CREDENTIAL_SECRET || "«{a24}»",\n    uiPort: process.env.PORT || 1880,',
  ],
  [
    'n100-mindsphere-agent-onboarding-iat',
    '{\n  "content": {\n    "baseUrl": "https://southgate.eu1.mindsphere.io",\n    "iat": "«eyJraWQiOiJrZXktaWQtMSIsInR5cCI6IkpXVCIsImFsZyI6IlJTMjU2In0.eyJpYXQiOjE3{B120}.{B342}»",\n    "clientCredentialProfile": ["SHARED_SECRET"],\n    "clientId": "{h32}",\n    "tenant": "plantco"\n  },\n  "expiration": "2024-06-18T08:00:00.000Z"\n}',
  ],
  [
    'n100-telegraf-influxdb-v2-token-ot-gateway',
    '[[outputs.influxdb_v2]]\n  urls = ["http://influx.plant.local:8086"]\n  token = "«{B86}==»"\n  organization = "plant"\n  bucket = "line3"',
  ],
  [
    'n100-victron-vrm-api-token-header',
    'curl -s -H "X-Authorization: Token «{h64}»" "https://vrmapi.victronenergy.com/v2/installations/1{d5}/stats?type=live_feed"',
  ],
  ['n100-solaredge-monitoring-api-key-url', 'GET https://monitoringapi.solaredge.com/site/2{d6}/overview?api_key=«{U8}{d4}{U6}{d2}{U12}»'],
  ['n100-shelly-cloud-auth-key-form', 'curl -X POST https://shelly-49-eu.shelly.cloud/device/status -d "id={h12}&auth_key=«{B100}»"'],
];

export const BLIND100_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'n100-neg-tts-end-device-get-ids-only',
    '$ ttn-lw-cli end-devices get greenhouse-app soil-probe-07\n{\n  "ids": {\n    "device_id": "soil-probe-07",\n    "application_ids": {"application_id": "greenhouse-app"},\n    "dev_eui": "70B3D57ED005{H4}",\n    "join_eui": "0000000000000000",\n    "dev_addr": "260B{H4}"\n  },\n  "created_at": "2024-05-02T09:11:40.112Z"\n}',
  ],
  [
    'n100-neg-tts-uplink-metadata-correlation-ids',
    '{"end_device_ids":{"device_id":"soil-probe-07","dev_eui":"70B3D57ED005{H4}","dev_addr":"260B{H4}"},"correlation_ids":["as:up:01J{U23}","rpc:/ttn.lorawan.v3.AppAs/SimulateUplink:{h8}-{h4}-4{h3}-a{h3}-{h12}"],"uplink_message":{"f_port":2,"f_cnt":1184,"frm_payload":"AQIDBAUG","rx_metadata":[{"gateway_ids":{"gateway_id":"rak-7289-roof","eui":"AC1F09FFFE{H6}"},"rssi":-97,"snr":7.25}]}}',
  ],
  [
    'n100-neg-chirpstack-device-list-table',
    'DEV EUI            NAME            LAST SEEN              MARGIN  BATTERY\na84041{h10}   soil-north-01   2024-06-11 08:02:11    12      88%\na84041{h10}   soil-north-02   2024-06-11 08:03:40    9       91%\na84041{h10}   soil-north-03   never                  -       -',
  ],
  [
    'n100-neg-lmic-eui-arrays-key-from-build-flag',
    'static const u1_t PROGMEM APPEUI[8] = { 0x01, 0x01, 0x00, 0x00, 0x00, 0x41, 0x40, 0xA8 };\nstatic const u1_t PROGMEM DEVEUI[8] = { 0x{H2}, 0x{H2}, 0x{H2}, 0x{H2}, 0x7E, 0xD5, 0xB3, 0x70 };\n// APPKEY comes from -DLORAWAN_APPKEY_BYTES, injected by CI from the vault\nstatic const u1_t PROGMEM APPKEY[16] = LORAWAN_APPKEY_BYTES;',
  ],
  [
    'n100-neg-rak-at-query-deveui-appeui',
    'AT+DEVEUI=?\nAT+DEVEUI=AC1F09FFFE{H6}\nOK\nAT+APPEUI=?\nAT+APPEUI=AC1F09FFF9153172\nOK\nAT+NJS=?\nAT+NJS=1',
  ],
  [
    'n100-neg-lorawan-root-keys-zeroed-template',
    '# devices/_template.json - keys are filled in by provision.py at end-of-line\n"root_keys": {"app_key": {"key": "00000000000000000000000000000000"}, "nwk_key": {"key": "00000000000000000000000000000000"}}',
  ],
  [
    'n100-neg-packet-forwarder-gateway-id',
    '"gateway_conf": {\n  "gateway_ID": "AC1F09FFFE{H6}",\n  "server_address": "eu1.cloud.thethings.network",\n  "serv_port_up": 1700,\n  "serv_port_down": 1700\n}',
  ],
  [
    'n100-neg-esptool-read-mac-output',
    '$ esptool.py --port /dev/ttyUSB0 read_mac\nesptool.py v4.7.0\nChip is ESP32-D0WD-V3 (revision v3.1)\nFeatures: WiFi, BT, Dual Core, 240MHz, VRef calibration in efuse, Coding Scheme None\nCrystal is 40MHz\nMAC: {h2}:{h2}:{h2}:{h2}:{h2}:{h2}',
  ],
  ['n100-neg-modem-imei-iccid-imsi-at', 'AT+CGSN\n86{d13}\nOK\nAT+QCCID\n+QCCID: 89314{d15}\nOK\nAT+CIMI\n20404{d10}\nOK'],
  [
    'n100-neg-az-device-identity-x509-thumbprints',
    '{\n  "authentication": {\n    "symmetricKey": {"primaryKey": null, "secondaryKey": null},\n    "type": "selfSigned",\n    "x509Thumbprint": {"primaryThumbprint": "{H40}", "secondaryThumbprint": "{H40}"}\n  },\n  "deviceId": "press-line-05",\n  "etag": "NzE5ODQ0NTA5",\n  "generationId": "63851{d13}",\n  "status": "enabled"\n}',
  ],
  [
    'n100-neg-azure-conn-string-angle-placeholders',
    'IOTHUB_DEVICE_CONNECTION_STRING="HostName=<hub-name>.azure-devices.net;DeviceId=<device-id>;SharedAccessKey=<device-key>"',
  ],
  [
    'n100-neg-azure-keyvault-reference-app-setting',
    '"IoTHubConnection": "@Microsoft.KeyVault(SecretUri=https://kv-plant-weu.vault.azure.net/secrets/iothub-owner-cs/{h32})"',
  ],
  [
    'n100-neg-dps-id-scope-registration-summary',
    'Global endpoint : global.azure-devices-provisioning.net\nID scope        : 0ne00{H6}\nRegistration ID : kiln-controller-03\nAttestation     : X.509 (CA-signed), cert thumbprint {H40}',
  ],
  [
    'n100-neg-azure-conn-string-gha-secret-ref',
    '      - name: Run device simulator\n        env:\n          IOTHUB_DEVICE_CONNECTION_STRING: ${{ secrets.IOTHUB_DEVICE_CONNECTION_STRING }}\n          DPS_ID_SCOPE: ${{ vars.DPS_ID_SCOPE }}\n        run: python simulate.py --devices 20',
  ],
  [
    'n100-neg-azure-conn-string-env-interpolation',
    'DEVICE_CS="HostName=${IOTHUB_HOST};DeviceId=${DEVICE_ID};SharedAccessKey=${DEVICE_KEY}"\npython send.py --connection-string "$DEVICE_CS"',
  ],
  [
    'n100-neg-aws-iot-describe-certificate-public-pem',
    '$ aws iot describe-certificate --certificate-id {h64}\n{\n    "certificateDescription": {\n        "certificateArn": "arn:aws:iot:eu-west-1:{d12}:cert/{h64}",\n        "status": "ACTIVE",\n        "certificatePem": "-----BEGIN CERTIFICATE-----\\nMIIDWTCCAkGgAwIBAgIU{b44}\\n{b64}\\n{b64}\\n-----END CERTIFICATE-----\\n",\n        "ownedBy": "{d12}"\n    }\n}',
  ],
  [
    'n100-neg-aws-iot-attach-thing-principal-arn',
    'aws iot attach-thing-principal --thing-name press-gw-01 \\\n  --principal arn:aws:iot:eu-west-1:{d12}:cert/{h64}',
  ],
  [
    'n100-neg-aws-iot-describe-endpoint-ats',
    '$ aws iot describe-endpoint --endpoint-type iot:Data-ATS\n{\n    "endpointAddress": "a{l13}-ats.iot.eu-west-1.amazonaws.com"\n}',
  ],
  [
    'n100-neg-greengrass-config-yaml-key-paths',
    'system:\n  certificateFilePath: "/greengrass/v2/device.pem.crt"\n  privateKeyPath: "/greengrass/v2/private.pem.key"\n  rootCaPath: "/greengrass/v2/AmazonRootCA1.pem"\n  rootpath: "/greengrass/v2"\n  thingName: "press-gw-01"',
  ],
  [
    'n100-neg-mqtt-topic-list-shadow-c2d-sparkplug',
    '$aws/things/press-gw-01/shadow/name/config/update/accepted\ndevices/press-line-04/messages/devicebound/#\nv3/greenhouse-app@ttn/devices/soil-probe-07/up\nspBv1.0/PlantA/DDATA/edge-node-07/filler-plc',
  ],
  [
    'n100-neg-modbus-register-map-table',
    '| Register | Addr   | Type    | Scale | Description          |\n| 40001    | 0x0000 | UINT16  | 0.1   | Line voltage L1 (V)  |\n| 40003    | 0x0002 | UINT16  | 0.1   | Line voltage L2 (V)  |\n| 40101    | 0x0064 | FLOAT32 | 1     | Active power (kW)    |\n| 40201    | 0x00C8 | UINT32  | 1     | Energy import (Wh)   |',
  ],
  [
    'n100-neg-opcua-node-ids-string-guid-opaque',
    'ns=2;s=Line3.Filler.Speed\nns=3;i=1002\nns=4;g={h8}-{h4}-4{h3}-9{h3}-{h12}\nns=5;b={b22}==\ni=2258   // Server_ServerStatus_CurrentTime',
  ],
  [
    'n100-neg-opcua-endpoint-description-thumbprint',
    'Endpoint: opc.tcp://10.20.3.11:4840\n  SecurityPolicyUri: http://opcfoundation.org/UA/SecurityPolicy#Basic256Sha256\n  SecurityMode: SignAndEncrypt\n  ServerCertificate thumbprint: {H40}\n  UserIdentityTokens: Anonymous, UserName, Certificate\n  ApplicationUri: urn:10.20.3.11:Siemens:S7-1500',
  ],
  [
    'n100-neg-bacnet-object-list-ahu',
    'Device 300121 (AHU-2) @ 10.30.1.21:47808\n  analog-input,1   SAT  Supply Air Temp     13.8 degC\n  analog-input,3   RAT  Return Air Temp     21.2 degC\n  binary-output,2  SF   Supply Fan Cmd      active\n  analog-value,12  SP   Static Pressure SP  250.0 Pa',
  ],
  [
    'n100-neg-esp-idf-boot-log-app-description',
    'I (31) boot: ESP-IDF v5.2.1 2nd stage bootloader\nI (286) app_init: Application information:\nI (289) app_init: Project name:     press-sensor\nI (294) app_init: App version:      v2.4.1-3-g{h7}\nI (299) app_init: Compile time:     Jun 11 2024 08:01:22\nI (305) app_init: ELF file SHA256:  {h16}...\nI (311) app_init: ESP-IDF:          v5.2.1',
  ],
  [
    'n100-neg-ota-manifest-sha256-and-url',
    '{\n  "version": "2.4.1",\n  "url": "https://fw.plant.local/press-sensor/2.4.1/press-sensor.bin",\n  "size": 1{d6},\n  "sha256": "{h64}",\n  "min_bootloader": "1.2.0"\n}',
  ],
  [
    'n100-neg-imgtool-verify-digest-and-key-path-env',
    '$ imgtool verify -k keys/fleet-signing-ec-p256-pub.pem build/zephyr/zephyr.signed.bin\nImage was correctly validated\nImage version: 1.4.0+12\nImage digest: {h64}\n$ imgtool sign --key "$MCUBOOT_SIGNING_KEY_PATH" --header-size 0x200 --align 4 --version 1.4.0+12 --slot-size 0x67000 zephyr.bin zephyr.signed.bin',
  ],
  [
    'n100-neg-ota-verification-public-key-pem',
    '# verification key compiled into the bootloader (public half only)\n-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE{b28}\n{b58}==\n-----END PUBLIC KEY-----',
  ],
  [
    'n100-neg-openssl-x509-fingerprint-serial-subject',
    '$ openssl x509 -in device.pem.crt -noout -fingerprint -sha256 -serial -subject\nsha256 Fingerprint={H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}\nserial={H40}\nsubject=CN = AWS IoT Certificate',
  ],
  [
    'n100-neg-device-label-serial-imei-mac',
    'Model: RTU-5000-LTE   HW rev: C\nS/N: RT5K-2341-{d6}\nIMEI: 35{d13}\nMAC (eth0): {H2}:{H2}:{H2}:{H2}:{H2}:{H2}\nFW: 3.8.12 (build 2024-05-28)',
  ],
  [
    'n100-neg-zigbee2mqtt-network-key-secret-yaml-ref',
    "advanced:\n  pan_id: 0x1A62\n  ext_pan_id: [221, 221, 221, 221, 221, 221, 221, 221]\n  network_key: '!secret.yaml network_key'\n  channel: 15",
  ],
  [
    'n100-neg-zigbee2mqtt-coordinator-info-log',
    'Zigbee2MQTT:info  2024-06-11 08:01:22: Coordinator firmware version: \'{"meta":{"maintrel":1,"majorrel":2,"minorrel":7,"product":1,"revision":20230507,"transportrev":2},"type":"zStack3x0"}\'\nZigbee2MQTT:info  2024-06-11 08:01:22: Currently 23 devices are joined:\nZigbee2MQTT:info  2024-06-11 08:01:22: kitchen_plug (0x00158d00{h8}): ZNCZ04LM - Xiaomi Mi power plug ZigBee EU (Router)',
  ],
  [
    'n100-neg-zigbee-network-formed-channel-mask-pan',
    'Network formed: channel=15 channel_mask=0x07FFF800 pan_id=0x{H4} ext_pan_id={h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2}:{h2} nwk_update_id=0',
  ],
  [
    'n100-neg-ot-ctl-public-network-parameters',
    '> networkname\nha-thread-{h4}\nDone\n> extpanid\n{h16}\nDone\n> panid\n0x{h4}\nDone\n> meshlocalprefix\nfd{h2}:{h4}:{h4}:{h4}::/64\nDone',
  ],
  ['n100-neg-ot-ctl-border-agent-id-extaddr-eui64', '> ba id\n{h32}\nDone\n> extaddr\n{h16}\nDone\n> eui64\n{h16}\nDone'],
  [
    'n100-neg-matter-device-configuration-log',
    '[1718093412.118] CHIP:SVR: Setup discriminator: 3840 (0xF00)\n[1718093412.118] CHIP:DL: Device Configuration:\n[1718093412.118] CHIP:DL:   Serial Number: {u12}\n[1718093412.118] CHIP:DL:   Vendor Id: 65521 (0xFFF1)\n[1718093412.118] CHIP:DL:   Product Id: 32768 (0x8000)\n[1718093412.118] CHIP:DL:   Manufacturing Date: 2024-05-20',
  ],
  [
    'n100-neg-matter-commissioned-compressed-fabric-id',
    '[MATTER] Commissioning complete for node ID 0x{H16}: compressed fabric id {H16}, fabric index 1',
  ],
  [
    'n100-neg-arduino-secrets-h-your-placeholders',
    '#define SECRET_SSID      "YOUR_WIFI_SSID"\n#define SECRET_PASS      "YOUR_WIFI_PASSWORD"\n#define SECRET_APP_EUI   "YOUR_APP_EUI"\n#define SECRET_APP_KEY   "YOUR_APP_KEY"',
  ],
  [
    'n100-neg-platformio-build-flags-sysenv-refs',
    'build_flags =\n  -DWIFI_PASS=\\"${sysenv.WIFI_PASS}\\"\n  -DMQTT_PASS=\\"${sysenv.MQTT_PASS}\\"\n  -DLORAWAN_APPKEY=\\"${sysenv.LORAWAN_APPKEY}\\"',
  ],
  [
    'n100-neg-python-env-lookups-mqtt-ttn',
    'MQTT_USER = os.environ["MQTT_USER"]\nMQTT_PASSWORD = os.environ["MQTT_PASSWORD"]\nTTN_API_KEY = os.getenv("TTN_API_KEY", "")',
  ],
  [
    'n100-neg-compose-docker-secrets-chirpstack',
    'services:\n  chirpstack:\n    image: chirpstack/chirpstack:4\n    secrets: [cs_api_secret, pg_dsn]\n    environment:\n      - POSTGRESQL__DSN_FILE=/run/secrets/pg_dsn\n      - API__SECRET_FILE=/run/secrets/cs_api_secret',
  ],
  [
    'n100-neg-lorawan-abp-session-keys-zeroed-array',
    '// ABP keys are provisioned at end-of-line; flash holds zeros until then\nuint8_t nwkSKey[16] = { 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00 };\nuint8_t appSKey[16] = { 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00 };\nuint32_t devAddr = 0x00000000;',
  ],
  [
    'n100-neg-zwave-js-ui-keys-empty',
    '  "zwave": {\n    "port": "/dev/ttyUSB0",\n    "securityKeys": {\n      "S2_Unauthenticated": "",\n      "S2_Authenticated": "",\n      "S2_AccessControl": "",\n      "S0_Legacy": ""\n    }\n  }',
  ],
  [
    'n100-neg-zwave-driver-log-home-id-nodes',
    'Driver: Controller home ID: 0x{h8}, own node ID: 1\nNode 5: Zooz ZEN77 (manufacturer 0x027a, product type 0x7000, product 0xa00a), security class S2_Authenticated\nNode 7: Yale YRD256 lock, security class S2_AccessControl',
  ],
  [
    'n100-neg-particle-list-device-id',
    '$ particle list\ngreenhouse-argon [{h24}] (Argon) is online\n  Variables:\n    soilMoist (double)\n  Functions:\n    int setpoint (String args)',
  ],
  [
    'n100-neg-balena-device-info-uuid',
    '$ balena device {h7}\n== PRESS-GW-01\nID:                    1{d6}\nDEVICE TYPE:           raspberrypi4-64\nSTATUS:                idle\nIS ONLINE:             true\nUUID:                  {h32}\nCOMMIT:                {h32}\nSUPERVISOR VERSION:    16.1.10',
  ],
  [
    'n100-neg-blynk-template-id-secrets-include',
    '#define BLYNK_TEMPLATE_ID   "TMPL4{a8}"\n#define BLYNK_TEMPLATE_NAME "Greenhouse"\n#include "blynk_secrets.h"   // BLYNK_AUTH_TOKEN lives here, gitignored',
  ],
  [
    'n100-neg-thingsboard-device-entity-json',
    '{"id": {"entityType": "DEVICE", "id": "{h8}-{h4}-1{h3}-a{h3}-{h12}"}, "name": "press-line-04", "type": "vibration-sensor", "tenantId": {"entityType": "TENANT", "id": "{h8}-{h4}-1{h3}-a{h3}-{h12}"}, "credentialsType": "ACCESS_TOKEN"}',
  ],
  [
    'n100-neg-losant-state-topic-and-ids',
    'Application ID: {h24}\nDevice ID:      {h24}\nState topic:    losant/{h24}/state\nCommand topic:  losant/{h24}/command',
  ],
  [
    'n100-neg-ubidots-variables-response-ids',
    '{"id": "{h24}", "label": "pressure", "device": {"id": "{h24}", "label": "boiler-3"}, "lastValue": {"value": 4.2, "timestamp": 1718093412000}}',
  ],
  [
    'n100-neg-sdkconfig-open-ap-empty-password',
    'CONFIG_ESP_WIFI_SSID="Guest-Setup"\nCONFIG_ESP_WIFI_PASSWORD=""\nCONFIG_ESP_WIFI_AUTH_OPEN=y\n# CONFIG_ESP_WIFI_AUTH_WPA2_PSK is not set',
  ],
  [
    'n100-neg-wpa-supplicant-ext-password-backend',
    'ext_password_backend=file:/etc/wpa_supplicant/ext-passwords\nnetwork={\n    ssid="Hall-B-Sensors"\n    psk=ext:hallb_psk\n    key_mgmt=WPA-PSK\n}',
  ],
  ['n100-neg-at-cgauth-none-and-cops', 'AT+CGDCONT=1,"IP","iot.1nce.net"\nOK\nAT+CGAUTH=1,0\nOK\nAT+COPS?\n+COPS: 0,0,"vodafone NL",7'],
  [
    'n100-neg-firmware-changelog-commit-shas',
    "2.4.1 (2024-06-10)\n  * {h7} ota: verify image digest before swap\n  * {h7} lorawan: retry join with exponential backoff\n  * {h40} Merge branch 'release/2.4'",
  ],
  [
    'n100-neg-node-red-mqtt-broker-node-empty-credentials',
    '{"id":"{h16}","type":"mqtt-broker","name":"plant broker","broker":"mqtt.plant.local","port":"8883","clientid":"nodered-{h8}","usetls":true,"tls":"{h16}","protocolVersion":"5","keepalive":"60","credentials":{}}',
  ],
  [
    'n100-neg-telegraf-opcua-certificate-auth-paths',
    '[[inputs.opcua]]\n  endpoint = "opc.tcp://10.20.3.11:4840/freeopcua/server/"\n  security_policy = "Basic256Sha256"\n  security_mode = "SignAndEncrypt"\n  auth_method = "Certificate"\n  certificate = "/etc/telegraf/opcua/cert.pem"\n  private_key = "/etc/telegraf/opcua/key.pem"',
  ],
  [
    'n100-neg-pi-web-api-point-webid',
    '{"WebId": "F1DP{B22}AQAAAAUElTUlYwMVxTSU5VU09JRA", "Id": 12, "Name": "SINUSOID", "Path": "\\\\\\\\PISRV01\\\\SINUSOID", "PointClass": "classic", "PointType": "Float32"}',
  ],
  [
    'n100-neg-aveva-data-hub-ids-secret-env-ref',
    '{\n  "Resource": "https://uswe.datahub.connect.aveva.com",\n  "TenantId": "{h8}-{h4}-4{h3}-a{h3}-{h12}",\n  "NamespaceId": "PlantOps",\n  "ClientId": "{h8}-{h4}-4{h3}-b{h3}-{h12}",\n  "ClientSecret": "${ADH_CLIENT_SECRET}"\n}',
  ],
  [
    'n100-neg-siemens-order-numbers-firmware',
    'CPU 1516-3 PN/DP   6ES7516-3AN02-0AB0   FW V2.9.4\nET 200SP IM155-6   6ES7155-6AU01-0CN0   FW V4.2\nSCALANCE XC208     6GK5208-0BA00-2AC2   FW V4.4',
  ],
  [
    'n100-neg-modbus-rtu-frame-hexdump-crc',
    'TX: 01 03 00 00 00 0A C5 CD\nRX: 01 03 14 09 1E 09 21 09 1A 00 00 01 F4 00 00 00 00 13 88 00 64 00 00 {H2} {H2}',
  ],
  ['n100-neg-esim-eid-iccid-profile', 'EID:   89049032{d24}\nICCID: 8944{d15}\nProfile: "1NCE IoT" state=enabled class=operational'],
  [
    'n100-neg-ota-manifest-ed25519-signature',
    '{"fw": "press-sensor-2.4.1.bin", "sha256": "{h64}", "sig_alg": "ed25519", "signature": "{b86}==", "key_id": "fleet-2024"}',
  ],
  [
    'n100-neg-mender-artifact-read-output',
    '$ mender-artifact read press-gw-2.4.1.mender\nMender artifact:\n  Name: press-gw-2.4.1\n  Format: mender\n  Version: 3\n  Signature: signed and verified correctly\n  Compatible devices: [raspberrypi4]\nUpdates:\n    0:\n    Type:   rootfs-image\n    Provides:\n\trootfs-image.checksum: {h64}',
  ],
  [
    'n100-neg-hawkbit-ddi-poll-response',
    '{"config":{"polling":{"sleep":"00:05:00"}},"_links":{"deploymentBase":{"href":"https://hawkbit.plant.local/DEFAULT/controller/v1/press-gw-01/deploymentBase/{d4}?c=-{d10}"}}}',
  ],
  [
    'n100-neg-espefuse-summary-read-protected-key-and-digest',
    'BLOCK_KEY0 (BLOCK4)                                Purpose: XTS_AES_128_KEY\n   = ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? -/-\nBLOCK_KEY1 (BLOCK5)                                Purpose: SECURE_BOOT_DIGEST0\n   = {h2} {h2} {h2} {h2} {h2} {h2} {h2} {h2} {h2} {h2} {h2} {h2} {h2} {h2} {h2} {h2} {h2} {h2} {h2} {h2} {h2} {h2} {h2} {h2} {h2} {h2} {h2} {h2} {h2} {h2} {h2} {h2} R/-',
  ],
  [
    'n100-neg-openssl-x509-text-ski-aki',
    '            X509v3 Subject Key Identifier:\n                {H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}\n            X509v3 Authority Key Identifier:\n                {H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}:{H2}',
  ],
  [
    'n100-neg-mqtt-client-id-lwt-code',
    'String clientId = "esp32-" + String((uint32_t)ESP.getEfuseMac(), HEX);\nmqtt.setWill("plant/press-04/status", "offline", true, 1);\n// clientId on the bench unit: esp32-{h8}',
  ],
  [
    'n100-neg-wifi-prov-mgr-ble-no-pop-log',
    'I (712) wifi_prov_mgr: Provisioning started with service name : PROV_3C61A8\nI (718) app: Scan this QR code from the provisioning application for Provisioning.\nI (724) QRCODE: {"ver":"v1","name":"PROV_3C61A8","transport":"ble"}',
  ],
  [
    'n100-neg-compose-image-digests-iot-stack',
    '  chirpstack:\n    image: chirpstack/chirpstack:4.8@sha256:{h64}\n  mosquitto:\n    image: eclipse-mosquitto:2.0.18@sha256:{h64}',
  ],
  [
    'n100-neg-lorawan-docs-key-vs-eui-prose',
    'AppKey: 128-bit AES root key, 32 hex characters (`<app-key>`), held only by the device and the Join Server. DevEUI: 64-bit public identifier printed on the label, e.g. 70B3D57ED005{H4}.',
  ],
  [
    'n100-neg-zigbee-default-tc-link-key-spec-constant',
    '# Zigbee 3.0 default global trust center link key ("ZigBeeAlliance09"), public by spec\nDEFAULT_TCLK = bytes.fromhex("5A6967426565416C6C69616E63653039")',
  ],
  [
    'n100-neg-tinytuya-scan-output-no-local-key',
    '$ python -m tinytuya scan\nDryer plug   Product ID = key{l12}  [Valid Broadcast]:\n    Address = 192.168.1.57   Device ID = bf{l18} (len:20)  Local Key =   Version = 3.3  Type = default',
  ],
  [
    'n100-neg-lmic-release-build-masked-session-keys',
    'EV_JOINED\nnetid: 19\ndevaddr: 260b{h4}\nAppSKey: <redacted in release build>\nNwkSKey: <redacted in release build>',
  ],
  [
    'n100-neg-aws-iot-policy-thing-name-variable',
    '{"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Action": "iot:Connect", "Resource": "arn:aws:iot:eu-west-1:{d12}:client/${iot:Connection.Thing.ThingName}"}]}',
  ],
  [
    'n100-neg-gcp-iot-jwt-header-only-prose',
    'IoT Core keeps rejecting CONNECT with "bad user name or password". The JWT header decodes fine (`eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9` -> RS256), so I suspect clock skew on the device (iat 1718093412, exp 1718097012).',
  ],
  [
    'n100-neg-bms-handover-password-manager-ref',
    'JACE-8000 (AHU plant room)  https://10.30.1.10   user: admin   pw: see 1Password "BMS / JACE plant room"\nBACnet network 1, device instance 300101, UDP 47808',
  ],
  [
    'n100-neg-pyads-connection-ams-net-id',
    'plc = pyads.Connection("5.{d2}.1{d2}.4{d1}.1.1", pyads.PORT_TC3PLC1, "192.168.1.20")\nwith plc:\n    print(plc.read_by_name("MAIN.nSpeed", pyads.PLCTYPE_INT))',
  ],
  [
    'n100-neg-nmcli-gsm-password-not-saved-flag',
    "nmcli connection add type gsm ifname '*' con-name lte-1nce apn iot.1nce.net gsm.password-flags 2",
  ],
  [
    'n100-neg-mosquitto-conf-password-file-path',
    'listener 8883\ncafile /etc/mosquitto/ca/ca.crt\ncertfile /etc/mosquitto/certs/broker.crt\nkeyfile /etc/mosquitto/certs/broker.key\npassword_file /etc/mosquitto/passwd\nallow_anonymous false',
  ],
  [
    'n100-neg-hostapd-wpa-psk-file-path',
    'interface=wlan0\nssid=gw-setup-ap\nwpa=2\nwpa_key_mgmt=WPA-PSK\nwpa_psk_file=/etc/hostapd/hostapd.wpa_psk',
  ],
  [
    'n100-neg-chip-tool-usage-angle-placeholders',
    'chip-tool pairing ble-thread <node-id> hex:<operational-dataset> <setup-pin-code> <discriminator>',
  ],
  [
    'n100-neg-sha256sum-firmware-build-outputs',
    '$ sha256sum build/*.bin\n{h64}  build/bootloader.bin\n{h64}  build/partition-table.bin\n{h64}  build/press-sensor.bin',
  ],
  [
    'n100-neg-ttn-payload-decoder-base64-vector',
    '// vector from the datasheet: frm_payload "AZ4CKwPoAA==" (hex 019E022B03E800) -> {"temp": 41.4, "hum": 55.5}\nfunction decodeUplink(input) { return { data: decode(input.bytes) }; }',
  ],
  [
    'n100-neg-ttn-gateway-registration-eui-and-cups-uri',
    'Gateway ID:   rak-7289-roof\nGateway EUI:  AC1F09FFFE{H6}\nCUPS URI:     https://eu1.cloud.thethings.network:443\nLNS key:      stored in /var/lib/station/tc.key (mode 0600)',
  ],
  [
    'n100-neg-ble-gatt-provisioning-uuids',
    'PROV_SERVICE_UUID  = "021a9004-0382-4aea-bff4-6b3f1c5adfb4"\nprov-session       = 0xFF51\nprov-config        = 0xFF52\nproto-ver          = 0xFF53',
  ],
  [
    'n100-neg-zigbee-ieee-and-nwk-address-table',
    'IEEE                  NWK     Model            LQI\n0x00158d00{h8}    0x{h4}  lumi.weather      142\n0x84fd27fffe{h6}    0x{h4}  TS011F            255',
  ],
  [
    'n100-neg-azure-device-twin-reported-versions',
    '"reported": {\n  "firmware": {"version": "2.4.1", "sha256": "{h64}"},\n  "$metadata": {"$lastUpdated": "2024-06-11T08:14:02.5312Z"},\n  "$version": 412\n}',
  ],
  [
    'n100-neg-wifi-scan-bssids',
    '$ nmcli -f SSID,BSSID,CHAN,SIGNAL dev wifi\nSSID              BSSID              CHAN  SIGNAL\nHall-B-Sensors    {H2}:{H2}:{H2}:{H2}:{H2}:{H2}  6     78\nPlant-IoT         {H2}:{H2}:{H2}:{H2}:{H2}:{H2}  11    64',
  ],
  [
    'n100-neg-golioth-psk-id-only-settings',
    'uart:~$ settings get golioth/psk-id\nkiln-07-id@furnace-monitor\nuart:~$ settings get golioth/psk\n<not shown: write-only>',
  ],
  [
    'n100-neg-balena-env-var-list-no-secrets',
    '$ balena env list --fleet acme/press-fleet\nID       NAME                 VALUE\n1{d6}  MQTT_HOST            mqtt.plant.local\n1{d6}  LOG_LEVEL            info\n1{d6}  RESIN_HOST_CONFIG_gpu_mem  16',
  ],
];
