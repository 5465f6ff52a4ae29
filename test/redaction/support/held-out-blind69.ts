/** A sixty-ninth held-out batch, written blind: credentials in data-science notebooks and ML / LLM application stacks (raw .ipynb JSON with escaped sources and outputs, Jupyter/Colab magics, Databricks, Kaggle, Hugging Face, W&B, MLflow, DVC, ClearML, model and vector-database APIs, LangChain/LangSmith/Langfuse, Streamlit, MLOps YAML), and look-alikes from the same contexts (run ids, revisions, digests, widget ids, masked keys, public keys, env references): every value a template run, scored once before any tuning. */
export const BLIND69_POSITIVES: readonly (readonly [string, string])[] = [
  [
    'ipynb-source-os-environ-openai-project-key',
    '  {\n   "cell_type": "code",\n   "execution_count": 2,\n   "id": "{h8}",\n   "metadata": {},\n   "outputs": [],\n   "source": [\n    "import os\\n",\n    "os.environ[\\"OPENAI_API_KEY\\"] = \\"«sk-proj-{B74}T3BlbkFJ{B74}»\\"\\n",\n    "from openai import OpenAI\\n",\n    "client = OpenAI()"\n   ]\n  },',
  ],
  [
    'ipynb-source-anthropic-client-kwarg-split-lines',
    '   "source": [\n    "import anthropic\\n",\n    "\\n",\n    "client = anthropic.Anthropic(\\n",\n    "    api_key=\\"«sk-ant-api03-{B93}AA»\\",\\n",\n    ")\\n",\n    "msg = client.messages.create(model=\\"claude-3-5-sonnet-20241022\\", max_tokens=512, messages=msgs)"\n   ]',
  ],
  [
    'ipynb-source-hf-login-call-token-kwarg',
    '   "source": [\n    "from huggingface_hub import login\\n",\n    "login(token=\\"«hf_{L1}{U2}{L1}{U3}{L3}{U4}{L4}{U4}{L4}{U3}{L4}{U1}»\\", add_to_git_credential=False)"\n   ]',
  ],
  [
    'ipynb-source-wandb-login-key-kwarg-with-outputs',
    '   "execution_count": 4,\n   "outputs": [\n    {\n     "name": "stderr",\n     "output_type": "stream",\n     "text": [\n      "wandb: Appending key for api.wandb.ai to your netrc file: /root/.netrc\\n"\n     ]\n    }\n   ],\n   "source": [\n    "import wandb\\n",\n    "wandb.login(key=\\"«{h40}»\\")\\n"\n   ]',
  ],
  [
    'ipynb-stream-output-env-dump-shows-groq-key',
    '   "outputs": [\n    {\n     "name": "stdout",\n     "output_type": "stream",\n     "text": [\n      "GROQ_API_KEY=«gsk_{a20}WGdyb3FY{a24}»\\n",\n      "HOME=/root\\n",\n      "LANG=en_US.UTF-8\\n"\n     ]\n    }\n   ],\n   "source": [\n    "!env | sort | head -3"\n   ]',
  ],
  [
    'ipynb-text-plain-output-echoes-cohere-key',
    '   "outputs": [\n    {\n     "data": {\n      "text/plain": [\n       "\'«{a40}»\'"\n      ]\n     },\n     "execution_count": 6,\n     "metadata": {},\n     "output_type": "execute_result"\n    }\n   ],\n   "source": [\n    "os.environ[\\"COHERE_API_KEY\\"]"\n   ]',
  ],
  [
    'ipynb-source-pinecone-pcsk-key-and-index-host',
    '   "source": [\n    "from pinecone import Pinecone\\n",\n    "pc = Pinecone(api_key=\\"«pcsk_{a6}_{a63}»\\")\\n",\n    "index = pc.Index(host=\\"https://docs-rag-{h7}.svc.aped-4627-b74a.pinecone.io\\")\\n"\n   ]',
  ],
  [
    'ipynb-source-mistral-key-dict-config',
    '   "source": [\n    "CONFIG = {\\n",\n    "    \\"model\\": \\"mistral-large-latest\\",\\n",\n    "    \\"api_key\\": \\"«{a32}»\\",\\n",\n    "    \\"temperature\\": 0.2,\\n",\n    "}\\n"\n   ]',
  ],
  [
    'ipynb-source-langfuse-secret-beside-public-key',
    '   "source": [\n    "os.environ[\\"LANGFUSE_PUBLIC_KEY\\"] = \\"pk-lf-{h8}-{h4}-4{h3}-{h4}-{h12}\\"\\n",\n    "os.environ[\\"LANGFUSE_SECRET_KEY\\"] = \\"«sk-lf-{h8}-{h4}-4{h3}-{h4}-{h12}»\\"\\n",\n    "os.environ[\\"LANGFUSE_HOST\\"] = \\"https://cloud.langfuse.com\\"\\n"\n   ]',
  ],
  [
    'ipynb-source-langsmith-personal-token-tracing-v2',
    '   "source": [\n    "os.environ[\\"LANGCHAIN_TRACING_V2\\"] = \\"true\\"\\n",\n    "os.environ[\\"LANGCHAIN_PROJECT\\"] = \\"rag-eval-nightly\\"\\n",\n    "os.environ[\\"LANGCHAIN_API_KEY\\"] = \\"«lsv2_pt_{h32}_{h10}»\\"\\n"\n   ]',
  ],
  [
    'ipynb-source-openrouter-base-url-and-key',
    '   "source": [\n    "client = OpenAI(\\n",\n    "  base_url=\\"https://openrouter.ai/api/v1\\",\\n",\n    "  api_key=\\"«sk-or-v1-{h64}»\\",\\n",\n    ")"\n   ]',
  ],
  [
    'ipynb-source-private-key-double-escaped-in-sa-dict',
    '   "source": [\n    "sa_info = {\\n",\n    "  \\"type\\": \\"service_account\\",\\n",\n    "  \\"project_id\\": \\"acme-ml-prod\\",\\n",\n    "  \\"private_key_id\\": \\"{h40}\\",\\n",\n    "  \\"private_key\\": \\"«-----BEGIN PRIVATE KEY-----\\\\nMIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQD{b13}\\\\n{b64}\\\\n{b64}\\\\n{b44}=\\\\n-----END PRIVATE KEY-----\\\\n»\\",\\n",\n    "  \\"client_email\\": \\"vertex-runner@acme-ml-prod.iam.gserviceaccount.com\\",\\n",\n    "}\\n"\n   ]',
  ],
  [
    'ipynb-source-string-concat-key-across-items',
    '   "source": [\n    "OPENAI_KEY = (\\"«sk-{a20}T3Blbk»\\"\\n",\n    "              \\"«FJ{a20}»\\")\\n",\n    "client = OpenAI(api_key=OPENAI_KEY)"\n   ]',
  ],
  [
    'ipynb-source-kaggle-env-vars-before-api-import',
    '   "source": [\n    "os.environ[\'KAGGLE_USERNAME\'] = \'mira-chen\'\\n",\n    "os.environ[\'KAGGLE_KEY\'] = \'«{h32}»\'\\n",\n    "from kaggle.api.kaggle_api_extended import KaggleApi\\n",\n    "api = KaggleApi(); api.authenticate()"\n   ]',
  ],
  [
    'ipynb-source-writes-kaggle-json-file',
    '   "source": [\n    "import json, pathlib\\n",\n    "p = pathlib.Path.home() / \\".kaggle\\" / \\"kaggle.json\\"\\n",\n    "p.parent.mkdir(exist_ok=True)\\n",\n    "p.write_text(json.dumps({\\"username\\": \\"tkowalski\\", \\"key\\": \\"«{h32}»\\"}))\\n",\n    "p.chmod(0o600)"\n   ]',
  ],
  [
    'ipynb-source-snowflake-connector-password',
    '   "source": [\n    "conn = snowflake.connector.connect(\\n",\n    "    account=\\"xy12345.eu-central-1\\",\\n",\n    "    user=\\"DS_NOTEBOOK\\",\\n",\n    "    password=\\"«{a20}»\\",\\n",\n    "    warehouse=\\"ANALYTICS_WH\\",\\n",\n    ")"\n   ]',
  ],
  [
    'ipynb-source-sqlalchemy-postgres-url-password',
    '   "source": [\n    "engine = create_engine(\\"postgresql+psycopg2://analyst:«{a22}»@warehouse.internal.acme.io:5432/features\\")\\n",\n    "df = pd.read_sql(\\"select * from churn_features limit 1000\\", engine)"\n   ]',
  ],
  [
    'ipynb-source-replicate-token-env-and-run',
    '   "source": [\n    "os.environ[\\"REPLICATE_API_TOKEN\\"] = \\"«r8_{a37}»\\"\\n",\n    "out = replicate.run(\\"black-forest-labs/flux-schnell\\", input={\\"prompt\\": prompt})"\n   ]',
  ],
  [
    'ipynb-source-together-legacy-hex-key',
    '   "source": [\n    "from together import Together\\n",\n    "client = Together(api_key=\\"«{h64}»\\")\\n"\n   ]',
  ],
  [
    'ipynb-source-google-genai-configure-aiza',
    '   "source": [\n    "import google.generativeai as genai\\n",\n    "genai.configure(api_key=\\"«AIza{B35}»\\")\\n",\n    "model = genai.GenerativeModel(\\"gemini-1.5-flash\\")"\n   ]',
  ],
  [
    'ipynb-source-azure-openai-84-char-key',
    '   "source": [\n    "client = AzureOpenAI(\\n",\n    "    azure_endpoint=\\"https://acme-oai-swc.openai.azure.com/\\",\\n",\n    "    api_key=\\"«{a52}JQQJ99BF{a16}ACOG{a4}»\\",\\n",\n    "    api_version=\\"2024-06-01\\",\\n",\n    ")"\n   ]',
  ],
  [
    'ipynb-source-azure-openai-legacy-hex-key',
    '   "source": [\n    "openai.api_type = \\"azure\\"\\n",\n    "openai.api_base = \\"https://acme-openai-eus.openai.azure.com/\\"\\n",\n    "openai.api_key = \\"«{h32}»\\"\\n",\n    "openai.api_version = \\"2023-05-15\\""\n   ]',
  ],
  [
    'ipynb-source-boto3-bedrock-access-key-pair',
    '   "source": [\n    "bedrock = boto3.client(\\n",\n    "    \\"bedrock-runtime\\", region_name=\\"us-east-1\\",\\n",\n    "    aws_access_key_id=\\"AKIA{u16}\\",\\n",\n    "    aws_secret_access_key=\\"«{b40}»\\",\\n",\n    ")"\n   ]',
  ],
  [
    'ipynb-error-output-traceback-shows-key-in-frame',
    '   "outputs": [\n    {\n     "ename": "AuthenticationError",\n     "evalue": "Error code: 401",\n     "output_type": "error",\n     "traceback": [\n      "Cell In[7], line 3\\n      1 from openai import OpenAI\\n----> 3 client = OpenAI(api_key=\\"«sk-{a20}T3BlbkFJ{a20}»\\")\\n",\n      "AuthenticationError: Error code: 401 - {\'error\': {\'code\': \'invalid_api_key\'}}"\n     ]\n    }\n   ],',
  ],
  [
    'ipynb-source-qdrant-cloud-url-and-key',
    '   "source": [\n    "qdrant = QdrantClient(\\n",\n    "    url=\\"https://{h8}-{h4}-{h4}-{h4}-{h12}.us-east4-0.gcp.cloud.qdrant.io:6333\\",\\n",\n    "    api_key=\\"«{B54}»\\",\\n",\n    ")"\n   ]',
  ],
  [
    'ipynb-source-weaviate-cloud-auth-apikey',
    '   "source": [\n    "client = weaviate.connect_to_weaviate_cloud(\\n",\n    "    cluster_url=\\"https://{l20}.c0.europe-west3.gcp.weaviate.cloud\\",\\n",\n    "    auth_credentials=Auth.api_key(\\"«{a40}»\\"),\\n",\n    "    headers={\\"X-OpenAI-Api-Key\\": \\"«sk-proj-{B74}T3BlbkFJ{B74}»\\"},\\n",\n    ")"\n   ]',
  ],
  [
    'ipynb-source-neptune-init-run-api-token',
    '   "source": [\n    "run = neptune.init_run(\\n",\n    "    project=\\"acme-vision/segmentation\\",\\n",\n    "    api_token=\\"«eyJhcGlfYWRkcmVzcyI6Imh0dHBzOi8vYXBwLm5lcHR1bmUuYWkiLCJhcGlfdXJsIjoiaHR0cHM6Ly9hcHAubmVwdHVuZS5haSIsImFwaV9rZXkiOiI{a51}fQ==»\\",\\n",\n    ")"\n   ]',
  ],
  [
    'ipynb-source-comet-experiment-api-key',
    '   "source": [\n    "from comet_ml import Experiment\\n",\n    "exp = Experiment(api_key=\\"«{a25}»\\", project_name=\\"bert-ner\\", workspace=\\"nlp-lab\\")"\n   ]',
  ],
  [
    'ipynb-source-roboflow-key-download-dataset',
    '   "source": [\n    "!pip install -q roboflow\\n",\n    "from roboflow import Roboflow\\n",\n    "rf = Roboflow(api_key=\\"«{a20}»\\")\\n",\n    "ds = rf.workspace(\\"acme-qa\\").project(\\"pcb-defects\\").version(4).download(\\"yolov8\\")"\n   ]',
  ],
  [
    'ipynb-source-label-studio-legacy-token',
    '   "source": [\n    "ls = Client(url=\\"https://labels.acme.ai\\", api_key=\\"«{h40}»\\")\\n",\n    "project = ls.get_project(17)"\n   ]',
  ],
  [
    'ipynb-source-elastic-encoded-api-key-and-cloud-id',
    '   "source": [\n    "es = Elasticsearch(\\n",\n    "    cloud_id=\\"rag-search:dXMtY2VudHJhbDEuZ2NwLmNsb3VkLmVzLmlvJDRjMmYxYTllN2I2ZDRlMGY4YTNjNWIyZDFlOWY3YTZjJDhiMWQzZjVhN2M5ZTRiMmQ2ZjBhOGMxZTNiNWQ3Zjlh\\",\\n",\n    "    api_key=\\"«{b58}==»\\",\\n",\n    ")"\n   ]',
  ],
  [
    'ipynb-colab-userdata-fallback-literal-key',
    '   "source": [\n    "try:\\n",\n    "    from google.colab import userdata\\n",\n    "    HF_TOKEN = userdata.get(\'HF_TOKEN\')\\n",\n    "except Exception:\\n",\n    "    HF_TOKEN = \\"«hf_{U4}{L1}{U4}{L3}{U2}{L2}{U2}{L3}{U2}{L2}{U1}{L1}{U4}{L1}{U2}»\\"\\n"\n   ]',
  ],
  [
    'ipynb-source-deepseek-key-openai-compatible',
    '   "source": [\n    "ds_client = OpenAI(api_key=\\"«sk-{h32}»\\", base_url=\\"https://api.deepseek.com\\")\\n",\n    "resp = ds_client.chat.completions.create(model=\\"deepseek-chat\\", messages=msgs)"\n   ]',
  ],
  [
    'ipynb-source-perplexity-pplx-key-requests-header',
    '   "source": [\n    "headers = {\\"Authorization\\": \\"Bearer «pplx-{a48}»\\", \\"Content-Type\\": \\"application/json\\"}\\n",\n    "r = requests.post(\\"https://api.perplexity.ai/chat/completions\\", json=payload, headers=headers)"\n   ]',
  ],
  [
    'ipynb-source-fireworks-fw-key',
    '   "source": [\n    "import fireworks.client\\n",\n    "fireworks.client.api_key = \\"«fw_{a24}»\\"\\n"\n   ]',
  ],
  ['ipynb-source-xai-grok-key', '   "source": [\n    "grok = OpenAI(api_key=\\"«xai-{a80}»\\", base_url=\\"https://api.x.ai/v1\\")"\n   ]'],
  [
    'ipynb-source-databricks-pat-sdk-workspace-client',
    '   "source": [\n    "from databricks.sdk import WorkspaceClient\\n",\n    "w = WorkspaceClient(host=\\"https://adb-{d16}.{d1}.azuredatabricks.net\\", token=\\"«dapi{h32}»\\")"\n   ]',
  ],
  [
    'ipynb-source-mlflow-basic-auth-uri',
    '   "source": [\n    "mlflow.set_tracking_uri(\\"https://ds-team:«{a24}»@mlflow.acme-ml.io\\")\\n",\n    "mlflow.set_experiment(\\"/churn/xgb-baseline\\")"\n   ]',
  ],
  [
    'ipynb-source-clearml-set-credentials',
    '   "source": [\n    "Task.set_credentials(\\n",\n    "    api_host=\\"https://api.clear.ml\\", web_host=\\"https://app.clear.ml\\", files_host=\\"https://files.clear.ml\\",\\n",\n    "    key=\\"{u30}\\",\\n",\n    "    secret=\\"«{a50}»\\",\\n",\n    ")"\n   ]',
  ],
  [
    'ipynb-source-zilliz-uri-and-token',
    '   "source": [\n    "client = MilvusClient(\\n",\n    "    uri=\\"https://in03-{h15}.serverless.gcp-us-west1.cloud.zilliz.com\\",\\n",\n    "    token=\\"«{h104}»\\",\\n",\n    ")"\n   ]',
  ],
  [
    'ipynb-source-chroma-cloud-ck-key',
    '   "source": [\n    "client = chromadb.CloudClient(\\n",\n    "    api_key=\\"«ck-{a44}»\\",\\n",\n    "    tenant=\\"{h8}-{h4}-4{h3}-{h4}-{h12}\\",\\n",\n    "    database=\\"support-kb\\",\\n",\n    ")"\n   ]',
  ],
  [
    'ipynb-source-tavily-search-tool-key',
    '   "source": [\n    "os.environ[\\"TAVILY_API_KEY\\"] = \\"«tvly-dev-{a32}»\\"\\n",\n    "search = TavilySearchResults(max_results=3)"\n   ]',
  ],
  [
    'ipynb-source-llamaparse-llx-key',
    '   "source": [\n    "parser = LlamaParse(api_key=\\"«llx-{a48}»\\", result_type=\\"markdown\\")\\n",\n    "docs = parser.load_data(\\"./10k_2023.pdf\\")"\n   ]',
  ],
  [
    'ipynb-source-nvidia-nim-nvapi-key',
    '   "source": [\n    "llm = ChatNVIDIA(model=\\"meta/llama-3.1-70b-instruct\\", api_key=\\"«nvapi-{B64}»\\")"\n   ]',
  ],
  [
    'ipynb-whole-minimal-notebook-with-hf-token',
    '{\n "cells": [\n  {\n   "cell_type": "code",\n   "execution_count": null,\n   "metadata": {"id": "{B12}"},\n   "outputs": [],\n   "source": ["!huggingface-cli login --token «hf_{L3}{U1}{L1}{U1}{L2}{U1}{L2}{U2}{L2}{U3}{L2}{U4}{L1}{U3}{L3}{U3}»"]\n  }\n ],\n "metadata": {"accelerator": "GPU", "colab": {"provenance": []}, "kernelspec": {"display_name": "Python 3", "name": "python3"}},\n "nbformat": 4,\n "nbformat_minor": 0\n}',
  ],
  ['jupyter-percent-env-openai-key', '%env OPENAI_API_KEY=«sk-proj-{B74}T3BlbkFJ{B74}»\n%env OPENAI_MODEL=gpt-4o-mini'],
  ['jupyter-set-env-magic-anthropic', '%set_env ANTHROPIC_API_KEY=«sk-ant-api03-{B93}AA»'],
  [
    'colab-bang-export-hf-token',
    '!export HF_TOKEN=«hf_{U1}{L1}{U3}{L4}{U3}{L2}{U4}{L4}{U2}{L3}{U2}{L4}{U1}» && python train.py --push_to_hub',
  ],
  [
    'colab-bang-pip-gitlab-pat-extra-index',
    '!pip install -q acme-features==0.9.2 --extra-index-url https://__token__:«glpat-{B20}»@gitlab.acme.io/api/v4/projects/412/packages/pypi/simple',
  ],
  [
    'colab-bang-pip-gemfury-push-token-url',
    '!pip install acme-llm-utils --index-url https://«{a20}»:@pypi.fury.io/acme-ai/ --extra-index-url https://pypi.org/simple',
  ],
  [
    'colab-bang-pip-codeartifact-token-url',
    '!pip install fraud-model==2.3.1 -i https://aws:«eyJ2ZXIiOjEsImlzdSI6{B180}»@acme-{d12}.d.codeartifact.eu-west-1.amazonaws.com/pypi/ml-internal/simple/',
  ],
  [
    'jupyter-cellmagic-bash-exports-two-keys',
    '%%bash\nexport WANDB_API_KEY=«{h40}»\nexport HF_TOKEN=«hf_{L4}{U4}{L4}{U3}{L1}{U3}{L4}{U1}{L1}{U4}{L4}{U1}»\naccelerate launch finetune.py --config configs/qlora.yaml',
  ],
  [
    'jupyter-dotenv-writefile-magic',
    '%%writefile .env\nOPENAI_API_KEY=«sk-svcacct-{B74}T3BlbkFJ{B74}»\nPINECONE_API_KEY=«pcsk_{a6}_{a63}»\nPINECONE_INDEX=support-docs',
  ],
  [
    'colab-pyngrok-authtoken-set',
    '!pip -q install pyngrok\nfrom pyngrok import ngrok\nngrok.set_auth_token("«2{a26}_{a21}»")\npublic_url = ngrok.connect(7860)',
  ],
  ['colab-ngrok-cli-add-authtoken', '!ngrok config add-authtoken «2{a26}_{a21}»\n!ngrok http 8501 --log=stdout > ngrok.log &'],
  [
    'jupyter-server-url-with-token-log',
    '[I 2024-05-14 09:12:03.418 ServerApp] Jupyter Server 2.14.0 is running at:\n[I 2024-05-14 09:12:03.418 ServerApp] http://gpu-box-3:8888/lab?token=«{h48}»\n[I 2024-05-14 09:12:03.418 ServerApp]     http://127.0.0.1:8888/lab?token=«{h48}»',
  ],
  [
    'jupyter-config-py-identity-provider-token',
    "c = get_config()\nc.ServerApp.ip = '0.0.0.0'\nc.IdentityProvider.token = '«{h48}»'\nc.ServerApp.open_browser = False",
  ],
  [
    'jupyter-notebook-password-argon-hash-config',
    '{\n  "IdentityProvider": {\n    "hashed_password": "«argon2:$argon2id$v=19$m=10240,t=10,p=8${B22}${B43}»"\n  }\n}',
  ],
  [
    'jupyterhub-api-token-dask-gateway-env',
    'DASK_GATEWAY__ADDRESS=https://hub.acme-ds.io/services/dask-gateway\nDASK_GATEWAY__AUTH__TYPE=jupyterhub\nJUPYTERHUB_API_TOKEN=«{h32}»',
  ],
  [
    'databricks-cfg-profile-pat',
    '[DEFAULT]\nhost  = https://adb-{d16}.{d1}.azuredatabricks.net\ntoken = «dapi{h32}-2»\n\n[staging]\nhost  = https://dbc-{h8}-{h4}.cloud.databricks.com\ntoken = «dapi{h32}»',
  ],
  [
    'dbx-notebook-spark-conf-adls-storage-account-key',
    '# Databricks notebook source\nspark.conf.set(\n    "fs.azure.account.key.acmelakeprod.dfs.core.windows.net",\n    "«{b86}==»"\n)\ndf = spark.read.parquet("abfss://bronze@acmelakeprod.dfs.core.windows.net/events/")',
  ],
  [
    'databricks-notebook-widget-default-holds-token',
    '# COMMAND ----------\ndbutils.widgets.text("openai_key", "«sk-proj-{B74}T3BlbkFJ{B74}»")\nkey = dbutils.widgets.get("openai_key")',
  ],
  [
    'databricks-oauth-m2m-client-secret-dose',
    'export DATABRICKS_HOST=https://dbc-{h8}-{h4}.cloud.databricks.com\nexport DATABRICKS_CLIENT_ID={h8}-{h4}-4{h3}-{h4}-{h12}\nexport DATABRICKS_CLIENT_SECRET=«dose{h32}»',
  ],
  [
    'databricks-secrets-put-cli-string-value',
    'databricks secrets put-secret ml-prod openai-key --string-value «sk-svcacct-{B74}T3BlbkFJ{B74}»',
  ],
  [
    'databricks-jdbc-url-pwd-token',
    'jdbc:databricks://adb-{d16}.{d1}.azuredatabricks.net:443/default;transportMode=http;ssl=1;httpPath=/sql/1.0/warehouses/{h16};AuthMech=3;UID=token;PWD=«dapi{h32}»',
  ],
  [
    'databricks-bundle-yaml-env-pat',
    'targets:\n  prod:\n    workspace:\n      host: https://adb-{d16}.{d1}.azuredatabricks.net\n    variables:\n      hf_token: «hf_{U3}{L4}{U2}{L1}{U4}{L4}{U2}{L3}{U4}{L2}{U1}{L3}{U1}»',
  ],
  [
    'databricks-mlflow-env-token-and-host',
    'MLFLOW_TRACKING_URI=databricks\nDATABRICKS_HOST=https://dbc-{h8}-{h4}.cloud.databricks.com\nDATABRICKS_TOKEN=«dapi{h32}»',
  ],
  ['kaggle-json-cat-output', '$ cat ~/.kaggle/kaggle.json\n{"username":"andreivolkov","key":"«{h32}»"}'],
  [
    'kaggle-notebook-secrets-fallback-literal',
    'from kaggle_secrets import UserSecretsClient\ntry:\n    wandb_key = UserSecretsClient().get_secret("wandb")\nexcept Exception:\n    wandb_key = "«{h40}»"',
  ],
  ['hf-cache-token-file-cat', '$ cat ~/.cache/huggingface/token\n«hf_{L1}{U4}{L4}{U2}{L3}{U1}{L1}{U4}{L2}{U1}{L1}{U4}{L2}{U4}»'],
  [
    'hf-stored-tokens-ini',
    '$ cat ~/.cache/huggingface/stored_tokens\n[default]\nhf_token = «hf_{L3}{U1}{L4}{U4}{L3}{U4}{L2}{U1}{L2}{U1}{L3}{U1}{L1}{U2}{L2}»\n\n[org-write]\nhf_token = «hf_{U3}{L2}{U3}{L1}{U4}{L1}{U3}{L3}{U1}{L1}{U4}{L3}{U3}{L2}»',
  ],
  [
    'hf-cli-login-token-flag-output',
    '$ huggingface-cli login --token «hf_{L4}{U4}{L1}{U4}{L2}{U1}{L2}{U3}{L2}{U4}{L3}{U4}» --add-to-git-credential\nToken is valid (permission: write).\nYour token has been saved in your configured git credential helpers (store).\nYour token has been saved to /home/ml/.cache/huggingface/token\nLogin successful',
  ],
  [
    'hf-git-credentials-store-line',
    '$ cat ~/.git-credentials\nhttps://mlbot:«hf_{U1}{L4}{U1}{L2}{U3}{L2}{U3}{L3}{U2}{L4}{U4}{L3}{U2}»@huggingface.co',
  ],
  [
    'hf-git-clone-url-with-token',
    'git clone https://user:«hf_{U3}{L2}{U3}{L2}{U1}{L3}{U4}{L3}{U4}{L1}{U2}{L3}{U1}{L1}{U1}»@huggingface.co/datasets/acme-ai/support-tickets-v2',
  ],
  [
    'hf-push-to-hub-token-arg',
    'model.push_to_hub("acme-ai/bert-ner-de", token="«hf_{L2}{U4}{L3}{U1}{L2}{U4}{L1}{U1}{L4}{U3}{L2}{U2}{L3}{U2}»", private=True)\ntokenizer.push_to_hub("acme-ai/bert-ner-de", token="«hf_{U1}{L4}{U2}{L2}{U3}{L4}{U4}{L3}{U1}{L3}{U2}{L4}{U1}»")',
  ],
  [
    'hf-trainer-args-hub-token',
    'args = TrainingArguments(\n    output_dir="out/llama3-sft",\n    push_to_hub=True,\n    hub_model_id="acme-ai/llama3-8b-support-sft",\n    hub_token="«hf_{U2}{L4}{U1}{L3}{U1}{L3}{U3}{L4}{U1}{L3}{U1}{L3}{U1}{L4}»",\n)',
  ],
  ['hf-legacy-org-api-token', 'HUGGINGFACE_HUB_TOKEN=«api_org_{U3}{L3}{U1}{L2}{U4}{L3}{U1}{L1}{U4}{L3}{U4}{L2}{U3}»'],
  [
    'hf-space-add-secret-call',
    'api = HfApi()\napi.add_space_secret(repo_id="acme-ai/support-bot", key="OPENAI_API_KEY", value="«sk-proj-{B74}T3BlbkFJ{B74}»")\napi.add_space_variable(repo_id="acme-ai/support-bot", key="MODEL", value="gpt-4o-mini")',
  ],
  [
    'hf-tgi-docker-run-env-token',
    'docker run --gpus all --shm-size 1g -p 8080:80 \\\n  -e HF_TOKEN=«hf_{U1}{L2}{U3}{L1}{U4}{L3}{U4}{L1}{U2}{L3}{U1}{L3}{U1}{L1}{U3}{L1}» \\\n  ghcr.io/huggingface/text-generation-inference:2.2.0 --model-id meta-llama/Meta-Llama-3.1-8B-Instruct',
  ],
  [
    'hf-vllm-serve-api-key-and-hf-token',
    'HUGGING_FACE_HUB_TOKEN=«hf_{L1}{U4}{L2}{U3}{L2}{U4}{L1}{U3}{L1}{U3}{L3}{U3}{L1}{U1}{L2}» vllm serve mistralai/Mistral-7B-Instruct-v0.3 --api-key «{a32}» --port 8000',
  ],
  [
    'hf-inference-endpoint-curl-bearer',
    'curl https://{l16}.us-east-1.aws.endpoints.huggingface.cloud \\\n  -X POST -H "Authorization: Bearer «hf_{U4}{L2}{U2}{L1}{U3}{L1}{U4}{L4}{U3}{L4}{U3}{L2}{U1}»" \\\n  -H "Content-Type: application/json" -d \'{"inputs": "Classify: refund not received"}\'',
  ],
  ['wandb-netrc-api-wandb-ai-entry', 'machine api.wandb.ai\n  login user\n  password «{h40}»'],
  ['wandb-netrc-self-hosted-local-key', 'machine wandb.acme-ml.internal\n  login user\n  password «local-{h40}»'],
  [
    'wandb-cli-login-relogin-arg',
    '$ wandb login --relogin «{h40}»\nwandb: Appending key for api.wandb.ai to your netrc file: /home/ds/.netrc',
  ],
  [
    'wandb-env-in-slurm-script',
    '#!/bin/bash\n#SBATCH --gres=gpu:4\n#SBATCH --time=12:00:00\nexport WANDB_API_KEY=«{h40}»\nexport WANDB_ENTITY=vision-lab\nsrun python train.py --cfg cfgs/vit_b16.yaml',
  ],
  ['comet-config-ini-api-key', '[comet]\napi_key = «{a25}»\nworkspace = nlp-lab\nproject_name = summarization-t5'],
  [
    'neptune-env-token-export',
    'export NEPTUNE_PROJECT=acme-vision/segmentation\nexport NEPTUNE_API_TOKEN="«eyJhcGlfYWRkcmVzcyI6Imh0dHBzOi8vYXBwLm5lcHR1bmUuYWkiLCJhcGlfdXJsIjoiaHR0cHM6Ly9hcHAubmVwdHVuZS5haSIsImFwaV9rZXkiOiI{a51}fQ==»"',
  ],
  [
    'clearml-conf-hocon-credentials',
    'api {\n    web_server: https://app.clear.ml\n    api_server: https://api.clear.ml\n    files_server: https://files.clear.ml\n    credentials {\n        "access_key" = "{u30}"\n        "secret_key" = "«{a50}»"\n    }\n}',
  ],
  [
    'clearml-agent-env-secret',
    'CLEARML_API_ACCESS_KEY={u30}\nCLEARML_API_SECRET_KEY=«{a50}»\nCLEARML_AGENT_GIT_USER=ci-bot\nCLEARML_AGENT_GIT_PASS=«ghp_{a36}»',
  ],
  [
    'clearml-conf-aws-storage-section',
    'sdk {\n  aws {\n    s3 {\n      key: "AKIA{u16}"\n      secret: "«{b40}»"\n      region: "eu-west-1"\n    }\n  }\n}',
  ],
  [
    'mlflow-tracking-password-env',
    'export MLFLOW_TRACKING_URI=https://mlflow.acme-ml.io\nexport MLFLOW_TRACKING_USERNAME=ds-team\nexport MLFLOW_TRACKING_PASSWORD=«{a24}»',
  ],
  [
    'mlflow-credentials-file-ini',
    '$ cat ~/.mlflow/credentials\n[mlflow]\nmlflow_tracking_username = admin\nmlflow_tracking_password = «{a20}»',
  ],
  [
    'mlflow-server-backend-store-uri-password',
    'mlflow server \\\n  --backend-store-uri postgresql://mlflow:«{a24}»@pg-mlflow.internal:5432/mlflow \\\n  --artifacts-destination s3://acme-mlflow-artifacts \\\n  --host 0.0.0.0 --port 5000',
  ],
  ['mlflow-tracking-token-bearer-env', 'MLFLOW_TRACKING_URI=https://mlflow.platform.acme.ai\nMLFLOW_TRACKING_TOKEN=«{B43}»'],
  [
    'mlflow-auth-ini-admin-password',
    '[mlflow]\ndefault_permission = READ\ndatabase_uri = sqlite:///basic_auth.db\nadmin_username = admin\nadmin_password = «{a22}»',
  ],
  [
    'dvc-config-local-s3-keys',
    '$ cat .dvc/config.local\n[\'remote "storage"\']\n    access_key_id = AKIA{u16}\n    secret_access_key = «{b40}»',
  ],
  [
    'dvc-config-local-azure-connection-string',
    '[\'remote "azblob"\']\n    connection_string = DefaultEndpointsProtocol=https;AccountName=acmedvcdata;AccountKey=«{b86}==»;EndpointSuffix=core.windows.net',
  ],
  [
    'dvc-config-local-webdav-password',
    '[\'remote "nextcloud"\']\n    url = webdavs://cloud.acme.io/remote.php/dav/files/ml/dvc\n    user = ml\n    password = «{a24}»',
  ],
  [
    'dvc-config-local-gdrive-client-secret',
    '[\'remote "gdrive"\']\n    url = gdrive://{B33}\n    gdrive_client_id = {d12}-{l32}.apps.googleusercontent.com\n    gdrive_client_secret = «GOCSPX-{B28}»',
  ],
  [
    'dvc-remote-modify-local-ssh-password',
    'dvc remote modify --local gpu-nas password «{a18}»\ndvc remote modify gpu-nas user dvc\ndvc push -r gpu-nas',
  ],
  [
    'dvc-config-local-http-remote-basic',
    '[\'remote "artifactory"\']\n    url = https://artifactory.acme.io/artifactory/dvc-cache\n    auth = basic\n    user = svc-dvc\n    password = «{a32}»',
  ],
  [
    'dvc-config-local-oss-secret',
    '[\'remote "oss"\']\n    url = oss://acme-ml/dvc\n    oss_endpoint = oss-cn-hangzhou.aliyuncs.com\n    oss_key_id = LTAI{a20}\n    oss_key_secret = «{a30}»',
  ],
  [
    'dvc-config-local-minio-custom-endpoint',
    '[\'remote "minio"\']\n    url = s3://datasets\n    endpointurl = http://minio.lab.local:9000\n    access_key_id = dvc-writer\n    secret_access_key = «{a40}»',
  ],
  [
    'openai-dotenv-project-key-with-org-id',
    'OPENAI_API_KEY=«sk-proj-{B74}T3BlbkFJ{B74}»\nOPENAI_ORG_ID=org-{a24}\nOPENAI_PROJECT_ID=proj_{a24}',
  ],
  [
    'openai-admin-key-usage-curl',
    'curl "https://api.openai.com/v1/organization/usage/completions?start_time=1719792000" \\\n  -H "Authorization: Bearer «sk-admin-{B74}T3BlbkFJ{B74}»"',
  ],
  [
    'openai-service-account-key-k8s-secret',
    'apiVersion: v1\nkind: Secret\nmetadata:\n  name: rag-api-llm\nstringData:\n  OPENAI_API_KEY: «sk-svcacct-{B74}T3BlbkFJ{B74}»',
  ],
  [
    'openai-legacy-key-ts-constructor',
    'const openai = new OpenAI({\n  apiKey: "«sk-{a20}T3BlbkFJ{a20}»",\n  dangerouslyAllowBrowser: true,\n});',
  ],
  [
    'openai-http-debug-log-authorization',
    "DEBUG:httpx:HTTP Request: POST https://api.openai.com/v1/embeddings\nDEBUG:openai._base_client:Request options: {'method': 'post', 'url': '/embeddings', 'headers': {'Authorization': 'Bearer «sk-proj-{B74}T3BlbkFJ{B74}»'}, 'json_data': {'model': 'text-embedding-3-small'}}",
  ],
  [
    'anthropic-admin-key-curl-workspaces',
    'curl https://api.anthropic.com/v1/organizations/workspaces \\\n  --header "anthropic-version: 2023-06-01" \\\n  --header "x-api-key: «sk-ant-admin01-{B93}AA»"',
  ],
  [
    'anthropic-key-claude-code-settings-env',
    '{\n  "env": {\n    "ANTHROPIC_API_KEY": "«sk-ant-api03-{B93}AA»",\n    "ANTHROPIC_MODEL": "claude-3-7-sonnet-20250219"\n  }\n}',
  ],
  ['anthropic-key-fish-set-universal', 'set -Ux ANTHROPIC_API_KEY «sk-ant-api03-{B93}AA»'],
  [
    'cohere-client-v2-python',
    'import cohere\nco = cohere.ClientV2(api_key="«{a40}»")\nrerank = co.rerank(model="rerank-english-v3.0", query=q, documents=docs, top_n=5)',
  ],
  [
    'mistral-curl-bearer',
    'curl --location "https://api.mistral.ai/v1/chat/completions" \\\n  --header "Authorization: Bearer «{a32}»" \\\n  --data \'{"model": "open-mistral-nemo", "messages": [{"role": "user", "content": "hi"}]}\'',
  ],
  [
    'groq-key-ts-sdk',
    'const groq = new Groq({ apiKey: "«gsk_{a20}WGdyb3FY{a24}»" });\nconst r = await groq.chat.completions.create({ model: "llama-3.1-70b-versatile", messages });',
  ],
  ['together-v1-key-env', 'TOGETHER_API_KEY=«tgp_v1_{B43}»\nTOGETHER_MODEL=meta-llama/Llama-3.3-70B-Instruct-Turbo'],
  [
    'fireworks-curl-inference',
    'curl https://api.fireworks.ai/inference/v1/chat/completions \\\n  -H "Authorization: Bearer «fw_{a24}»" \\\n  -H "Content-Type: application/json" \\\n  -d @req.json',
  ],
  [
    'replicate-cog-login-token-stdin',
    "$ echo «r8_{a37}» | cog login --token-stdin\nYou've successfully authenticated as acme-ml! You can now use the 'registry.replicate.com' registry.",
  ],
  ['perplexity-ts-env-file', 'PERPLEXITY_API_KEY="«pplx-{a48}»"\nPERPLEXITY_MODEL="sonar-pro"'],
  [
    'openrouter-curl-with-referer',
    'curl https://openrouter.ai/api/v1/chat/completions \\\n  -H "Authorization: Bearer «sk-or-v1-{h64}»" \\\n  -H "HTTP-Referer: https://notes.acme.dev" \\\n  -H "X-Title: Acme Notes"',
  ],
  [
    'deepseek-key-yaml-provider',
    'providers:\n  deepseek:\n    base_url: https://api.deepseek.com/v1\n    api_key: «sk-{h32}»\n    models: [deepseek-chat, deepseek-reasoner]',
  ],
  [
    'gemini-rest-key-query-param',
    'curl "https://generativelanguage.googleapis.com/v1beta/models/gemini-1.5-pro:generateContent?key=«AIza{B35}»" \\\n  -H "Content-Type: application/json" -d @prompt.json',
  ],
  [
    'azure-openai-env-key-endpoint-deployment',
    'AZURE_OPENAI_ENDPOINT=https://acme-aoai-weu.openai.azure.com/\nAZURE_OPENAI_API_KEY=«{h32}»\nAZURE_OPENAI_DEPLOYMENT=gpt-4o-prod\nOPENAI_API_VERSION=2024-08-01-preview',
  ],
  [
    'azure-openai-curl-api-key-header-84',
    'curl "https://acme-aoai-eus2.openai.azure.com/openai/deployments/gpt-4o/chat/completions?api-version=2024-06-01" \\\n  -H "api-key: «{a52}JQQJ99BF{a16}ACOG{a4}»" \\\n  -H "Content-Type: application/json" -d @body.json',
  ],
  [
    'azure-ai-search-admin-key-langchain',
    'vector_store = AzureSearch(\n    azure_search_endpoint="https://acme-search.search.windows.net",\n    azure_search_key="«{a42}AzSe{a6}»",\n    index_name="policies-v3",\n    embedding_function=embeddings.embed_query,\n)',
  ],
  [
    'bedrock-aws-credentials-file-profile',
    '[bedrock-dev]\naws_access_key_id = AKIA{u16}\naws_secret_access_key = «{b40}»\nregion = us-west-2',
  ],
  [
    'bedrock-session-token-env-export',
    'export AWS_ACCESS_KEY_ID=ASIA{u16}\nexport AWS_SECRET_ACCESS_KEY=«{b40}»\nexport AWS_SESSION_TOKEN=«IQoJb3JpZ2luX2VjE{b300}»\nexport AWS_REGION=us-east-1',
  ],
  ['bedrock-long-term-api-key-env', 'AWS_BEARER_TOKEN_BEDROCK=«ABSKQmVkcm9ja0FQSUtleS1{b108}»'],
  [
    'bedrock-short-term-api-key-env',
    'export AWS_BEARER_TOKEN_BEDROCK=«bedrock-api-key-YmVkcm9jay5hbWF6b25hd3MuY29tLz9BY3Rpb249Q2FsbFdpdGhCZWFyZXJUb2tlbiZYLUFtei1BbGdvcml0aG09QVdTNC1ITUFDLVNIQTI1NiZYLUFtei1DcmVkZW50aWFs{b360}»',
  ],
  ['voyage-embeddings-key', 'vo = voyageai.Client(api_key="«pa-{B43}»")\nemb = vo.embed(texts, model="voyage-3", input_type="document")'],
  ['jina-reader-bearer', 'curl "https://r.jina.ai/https://acme.dev/docs/pricing" -H "Authorization: Bearer «jina_{h32}{a28}»"'],
  [
    'firecrawl-fc-key-scrape-url-python',
    'app = FirecrawlApp(api_key="«fc-{h32}»")\npage = app.scrape_url("https://acme.dev/changelog", params={"formats": ["markdown"]})',
  ],
  ['serpapi-key-langchain-tool', 'os.environ["SERPAPI_API_KEY"] = "«{h64}»"\ntools = load_tools(["serpapi", "llm-math"], llm=llm)'],
  [
    'modal-token-set-id-and-secret',
    '$ modal token set --token-id ak-{a22} --token-secret «as-{a22}» --profile=acme-ml\nToken written to /home/ds/.modal.toml in profile acme-ml.',
  ],
  ['modal-toml-profile-secret', '[acme-ml]\ntoken_id = "ak-{a22}"\ntoken_secret = "«as-{a22}»"\nactive = true'],
  [
    'pinecone-legacy-uuid-key-init',
    'pinecone.init(api_key="«{h8}-{h4}-4{h3}-{h4}-{h12}»", environment="us-west1-gcp")\nindex = pinecone.Index("faq-embeddings")',
  ],
  [
    'pinecone-key-ts-client',
    'const pc = new Pinecone({ apiKey: "«pcsk_{a6}_{a63}»" });\nconst index = pc.index("product-search").namespace("en");',
  ],
  [
    'weaviate-docker-apikey-allowed-keys',
    '    environment:\n      AUTHENTICATION_APIKEY_ENABLED: "true"\n      AUTHENTICATION_APIKEY_ALLOWED_KEYS: "«{a32}»,«{a32}»"\n      AUTHENTICATION_APIKEY_USERS: "admin@acme.io,reader@acme.io"',
  ],
  [
    'qdrant-curl-api-key-header',
    'curl -X GET "https://{h8}-{h4}-{h4}-{h4}-{h12}.eu-central-1-0.aws.cloud.qdrant.io:6333/collections" \\\n  --header "api-key: «{B54}»"',
  ],
  [
    'qdrant-server-config-service-api-key',
    'service:\n  http_port: 6333\n  grpc_port: 6334\n  api_key: «{a40}»\n  read_only_api_key: «{a40}»',
  ],
  ['milvus-user-password-token', 'client = MilvusClient(uri="http://milvus.ml.internal:19530", token="root:«{a20}»")'],
  ['zilliz-env-endpoint-token', 'ZILLIZ_CLOUD_URI=https://in03-{h15}.api.gcp-us-west1.zillizcloud.com\nZILLIZ_CLOUD_API_KEY=«{h104}»'],
  [
    'chroma-server-auth-credentials-env',
    'CHROMA_SERVER_AUTHN_PROVIDER=chromadb.auth.token_authn.TokenAuthenticationServerProvider\nCHROMA_SERVER_AUTHN_CREDENTIALS=«{a32}»\nCHROMA_AUTH_TOKEN_TRANSPORT_HEADER=X-Chroma-Token',
  ],
  [
    'elastic-api-key-langchain-store',
    'store = ElasticsearchStore(\n    es_url="https://rag-{h12}.es.us-central1.gcp.cloud.es.io:443",\n    es_api_key="«{b58}==»",\n    index_name="kb-chunks",\n    embedding=emb,\n)',
  ],
  ['elastic-user-password-url-notebook', 'es = Elasticsearch("https://elastic:«{a24}»@es01.search.internal:9200", ca_certs="http_ca.crt")'],
  [
    'mongodb-atlas-vector-search-uri',
    'MONGODB_ATLAS_URI=mongodb+srv://rag-app:«{a24}»@cluster0.{l5}.mongodb.net/?retryWrites=true&w=majority',
  ],
  [
    'pgvector-dsn-langchain',
    'CONNECTION_STRING = "postgresql+psycopg://langchain:«{a20}»@pgvector.internal:5432/embeddings"\nvectorstore = PGVector(embeddings=emb, collection_name="docs", connection=CONNECTION_STRING)',
  ],
  [
    'upstash-vector-rest-token',
    'UPSTASH_VECTOR_REST_URL=https://thorough-gnat-{d5}-us1-vector.upstash.io\nUPSTASH_VECTOR_REST_TOKEN=«{B84}=»',
  ],
  [
    'langchain-chatopenai-kwarg-key',
    'llm = ChatOpenAI(\n    model="gpt-4o-mini",\n    temperature=0,\n    openai_api_key="«sk-proj-{B74}T3BlbkFJ{B74}»",\n)',
  ],
  [
    'langchain-anthropic-kwarg-key',
    'llm = ChatAnthropic(model="claude-3-5-haiku-20241022", anthropic_api_key="«sk-ant-api03-{B93}AA»", max_tokens=1024)',
  ],
  [
    'langchain-js-env-ts-file',
    'export const env = {\n  OPENAI_API_KEY: "«sk-proj-{B74}T3BlbkFJ{B74}»",\n  LANGCHAIN_API_KEY: "«lsv2_sk_{h32}_{h10}»",\n  LANGCHAIN_PROJECT: "support-agent",\n};',
  ],
  [
    'langsmith-legacy-ls-key-dotenv',
    'LANGCHAIN_TRACING_V2=true\nLANGCHAIN_ENDPOINT=https://api.smith.langchain.com\nLANGCHAIN_API_KEY=«ls__{h32}»',
  ],
  [
    'langsmith-service-key-client-ctor',
    'from langsmith import Client\nclient = Client(api_url="https://eu.api.smith.langchain.com", api_key="«lsv2_sk_{h32}_{h10}»")',
  ],
  [
    'langfuse-dotenv-pair-secret-marked',
    'LANGFUSE_SECRET_KEY="«sk-lf-{h8}-{h4}-4{h3}-{h4}-{h12}»"\nLANGFUSE_PUBLIC_KEY="pk-lf-{h8}-{h4}-4{h3}-{h4}-{h12}"\nLANGFUSE_BASEURL="https://us.cloud.langfuse.com"',
  ],
  [
    'langfuse-python-ctor-both-keys',
    'langfuse = Langfuse(\n  secret_key="«sk-lf-{h8}-{h4}-4{h3}-{h4}-{h12}»",\n  public_key="pk-lf-{h8}-{h4}-4{h3}-{h4}-{h12}",\n  host="https://cloud.langfuse.com",\n)',
  ],
  [
    'langfuse-selfhost-compose-salt-and-nextauth',
    '      NEXTAUTH_URL: https://langfuse.acme.internal\n      NEXTAUTH_SECRET: «{b43}=»\n      SALT: «{b43}=»\n      ENCRYPTION_KEY: «{h64}»\n      DATABASE_URL: postgresql://langfuse:«{a24}»@pg:5432/langfuse',
  ],
  [
    'langfuse-otel-basic-auth-header-b64',
    'OTEL_EXPORTER_OTLP_ENDPOINT="https://cloud.langfuse.com/api/public/otel"\nOTEL_EXPORTER_OTLP_HEADERS="Authorization=Basic «cGstbGYt{b106}==»"',
  ],
  [
    'llamaindex-settings-llm-key',
    'from llama_index.llms.openai import OpenAI\nfrom llama_index.core import Settings\nSettings.llm = OpenAI(model="gpt-4o", api_key="«sk-svcacct-{B74}T3BlbkFJ{B74}»")',
  ],
  [
    'llamacloud-index-ctor-key',
    'index = LlamaCloudIndex(\n    name="contracts-2024",\n    project_name="legal",\n    api_key="«llx-{a48}»",\n)',
  ],
  [
    'litellm-config-yaml-provider-keys',
    'model_list:\n  - model_name: gpt-4o\n    litellm_params:\n      model: openai/gpt-4o\n      api_key: «sk-proj-{B74}T3BlbkFJ{B74}»\n  - model_name: claude-sonnet\n    litellm_params:\n      model: anthropic/claude-3-5-sonnet-20241022\n      api_key: «sk-ant-api03-{B93}AA»',
  ],
  [
    'litellm-proxy-master-key-general-settings',
    'general_settings:\n  master_key: «sk-{a32}»\n  database_url: postgresql://llmproxy:«{a22}»@db:5432/litellm',
  ],
  [
    'litellm-virtual-key-curl',
    'curl http://litellm.internal:4000/v1/chat/completions \\\n  -H "Authorization: Bearer «sk-{B22}»" \\\n  -d \'{"model": "gpt-4o", "messages": [{"role": "user", "content": "ping"}]}\'',
  ],
  ['dspy-lm-configure-key', 'lm = dspy.LM("openai/gpt-4o-mini", api_key="«sk-proj-{B74}T3BlbkFJ{B74}»")\ndspy.configure(lm=lm)'],
  [
    'autogen-oai-config-list-json',
    '[\n  {\n    "model": "gpt-4o",\n    "api_key": "«sk-proj-{B74}T3BlbkFJ{B74}»"\n  },\n  {\n    "model": "gpt-4o",\n    "api_key": "«{a52}JQQJ99BF{a16}ACOG{a4}»",\n    "base_url": "https://acme-aoai.openai.azure.com/",\n    "api_type": "azure",\n    "api_version": "2024-02-01"\n  }\n]',
  ],
  [
    'promptfoo-config-provider-key',
    'providers:\n  - id: openai:gpt-4o-mini\n    config:\n      apiKey: «sk-proj-{B74}T3BlbkFJ{B74}»\n  - id: anthropic:messages:claude-3-5-sonnet-20241022\n    config:\n      apiKey: «sk-ant-api03-{B93}AA»',
  ],
  [
    'continue-dev-config-json-models',
    '{\n  "models": [\n    {\n      "title": "Codestral",\n      "provider": "mistral",\n      "model": "codestral-latest",\n      "apiKey": "«{a32}»"\n    }\n  ]\n}',
  ],
  [
    'haystack-secret-from-token-literal',
    'generator = OpenAIGenerator(api_key=Secret.from_token("«sk-proj-{B74}T3BlbkFJ{B74}»"), model="gpt-4o-mini")',
  ],
  [
    'streamlit-secrets-toml-sections',
    '# .streamlit/secrets.toml\nOPENAI_API_KEY = "«sk-proj-{B74}T3BlbkFJ{B74}»"\n\n[connections.snowflake]\naccount = "ab12345.us-east-1"\nuser = "STREAMLIT_APP"\npassword = "«{a20}»"\nwarehouse = "COMPUTE_WH"',
  ],
  [
    'streamlit-secrets-gcp-service-account-table',
    '[gcp_service_account]\ntype = "service_account"\nproject_id = "acme-dash"\nprivate_key_id = "{h40}"\nprivate_key = "«-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC{b13}\\n{b64}\\n{b64}\\n{b64}\\n{b40}==\\n-----END PRIVATE KEY-----\\n»"\nclient_email = "dash-reader@acme-dash.iam.gserviceaccount.com"',
  ],
  [
    'streamlit-secrets-postgres-connection',
    '[connections.postgresql]\ndialect = "postgresql"\nhost = "db.acme-dash.internal"\nport = "5432"\ndatabase = "metrics"\nusername = "dash_ro"\npassword = "«{a22}»"',
  ],
  [
    'streamlit-auth-cookie-secret',
    '[auth]\nredirect_uri = "https://dash.acme.io/oauth2callback"\ncookie_secret = "«{a40}»"\nclient_id = "{d12}-{l32}.apps.googleusercontent.com"\nclient_secret = "«GOCSPX-{B28}»"\nserver_metadata_url = "https://accounts.google.com/.well-known/openid-configuration"',
  ],
  ['gradio-launch-auth-tuple', 'demo.launch(server_name="0.0.0.0", auth=("reviewer", "«{a16}»"), share=False)'],
  [
    'gradio-space-app-py-hardcoded-key',
    '# app.py (Space: acme-ai/contract-qa)\nimport gradio as gr\nclient = OpenAI(api_key=os.getenv("OPENAI_API_KEY", "«sk-proj-{B74}T3BlbkFJ{B74}»"))',
  ],
  [
    'spaces-readme-hint-with-pasted-secret-chat',
    'I added the secret in the Space settings as HF_TOKEN=«hf_{L4}{U2}{L4}{U3}{L3}{U4}{L3}{U1}{L4}{U4}{L2}» but the build log still says 401 when it downloads meta-llama/Llama-3.2-3B-Instruct. What am I missing?',
  ],
  [
    'kubeflow-pipeline-env-secret-literal',
    '      env:\n        - name: WANDB_API_KEY\n          value: «{h40}»\n        - name: HF_HOME\n          value: /mnt/cache/hf',
  ],
  [
    'kubeflow-kfp-client-existing-token',
    'client = kfp.Client(\n    host="https://kubeflow.acme-ml.io/pipeline",\n    existing_token="«eyJhbGciOiJSUzI1NiIsImtpZCI6I{B40}.{B180}.{B342}»",\n    namespace="team-nlp",\n)',
  ],
  [
    'kubeflow-authservice-session-cookie',
    'client = kfp.Client(host=KF_HOST + "/pipeline", cookies="authservice_session=«MTc{B150}»", namespace="kubeflow-user")',
  ],
  [
    'sagemaker-estimator-environment-hf-token',
    'huggingface_estimator = HuggingFace(\n    entry_point="train.py",\n    instance_type="ml.g5.12xlarge",\n    transformers_version="4.36",\n    pytorch_version="2.1",\n    py_version="py310",\n    environment={"HUGGING_FACE_HUB_TOKEN": "«hf_{U4}{L1}{U3}{L3}{U1}{L2}{U4}{L3}{U2}{L1}{U1}{L2}{U1}{L2}{U3}{L1}»"},\n)',
  ],
  [
    'sagemaker-boto3-session-static-keys',
    'sess = sagemaker.Session(boto_session=boto3.Session(\n    aws_access_key_id="AKIA{u16}",\n    aws_secret_access_key="«{b40}»",\n    region_name="eu-central-1",\n))',
  ],
  [
    'vertex-custom-job-yaml-env-key',
    'workerPoolSpecs:\n  - machineSpec:\n      machineType: a2-highgpu-1g\n      acceleratorType: NVIDIA_TESLA_A100\n      acceleratorCount: 1\n    replicaCount: 1\n    containerSpec:\n      imageUri: us-docker.pkg.dev/acme-ml/train/llm-sft:0.4.1\n      env:\n        - name: HF_TOKEN\n          value: «hf_{L1}{U2}{L4}{U2}{L1}{U1}{L2}{U1}{L2}{U3}{L2}{U2}{L2}{U3}{L4}{U1}{L1}»',
  ],
  [
    'vertex-sa-key-json-private-key-pem',
    '{\n  "type": "service_account",\n  "project_id": "acme-vertex",\n  "private_key_id": "{h40}",\n  "private_key": "«-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC{b13}\\n{b64}\\n{b64}\\n{b64}\\n{b40}==\\n-----END PRIVATE KEY-----\\n»",\n  "client_email": "pipelines@acme-vertex.iam.gserviceaccount.com",\n  "client_id": "{d21}"\n}',
  ],
  [
    'azureml-workspace-config-sp-secret',
    'from azure.identity import ClientSecretCredential\ncred = ClientSecretCredential(\n    tenant_id="{h8}-{h4}-4{h3}-{h4}-{h12}",\n    client_id="{h8}-{h4}-4{h3}-{h4}-{h12}",\n    client_secret="«{a3}8Q~{B34}»",\n)\nml_client = MLClient(cred, subscription_id=SUB, resource_group_name="rg-ml", workspace_name="mlw-prod")',
  ],
  [
    'bentoml-cloud-login-token',
    '$ bentoml cloud login --api-token «{l20}» --endpoint https://acme.cloud.bentoml.com\nSuccessfully logged in to BentoCloud as acme-ml.',
  ],
  [
    'argo-workflow-inline-hf-token-arg',
    '      container:\n        image: ghcr.io/acme/eval-harness:2.1\n        args: ["--model", "acme-ai/llama3-8b-sft", "--hf-token", "«hf_{U2}{L2}{U3}{L4}{U2}{L2}{U1}{L4}{U3}{L2}{U3}{L1}{U2}{L3}»", "--tasks", "mmlu,gsm8k"]',
  ],
  [
    'airflow-connection-uri-snowflake',
    'AIRFLOW_CONN_SNOWFLAKE_ML=snowflake://ML_LOADER:«{a22}»@/FEATURES/PUBLIC?account=xy98765&warehouse=ML_WH&role=LOADER',
  ],
  ['prefect-cloud-api-key', 'prefect cloud login -k «pnu_{a36}» -w acme-ml/feature-pipelines'],
  ['zenml-connect-api-key', 'zenml login https://zenml.acme-ml.io --api-key «ZENKEY_{B140}»'],
  [
    'kserve-inference-secret-s3',
    'apiVersion: v1\nkind: Secret\nmetadata:\n  name: s3-model-store\n  annotations:\n    serving.kserve.io/s3-endpoint: minio.kubeflow:9000\ntype: Opaque\nstringData:\n  AWS_ACCESS_KEY_ID: minio-models\n  AWS_SECRET_ACCESS_KEY: «{a40}»',
  ],
  [
    'anyscale-cli-token-env',
    'export ANYSCALE_HOST=https://console.anyscale.com\nexport ANYSCALE_CLI_TOKEN=«aph0_Ck{B140}»\nanyscale job submit -f job.yaml',
  ],
  [
    'ray-runtime-env-secret-in-env-vars',
    'ray.init(\n    address="ray://ray-head.ml.svc:10001",\n    runtime_env={"env_vars": {"OPENAI_API_KEY": "«sk-proj-{B74}T3BlbkFJ{B74}»", "TOKENIZERS_PARALLELISM": "false"}},\n)',
  ],
  [
    'ray-job-submit-header-bearer',
    'ray job submit --address https://ray.acme-ml.io \\\n  --headers \'{"Authorization": "Bearer «{B64}»"}\' \\\n  --working-dir . -- python batch_infer.py',
  ],
  [
    'dask-dashboard-link-jupyterhub-token',
    "Dashboard: https://hub.acme-ds.io/services/dask-gateway/clusters/prod.{h32}/status\n>>> cluster.dashboard_link\n'https://hub.acme-ds.io/user/mkim/proxy/8787/status?token=«{h32}»'",
  ],
  ['coiled-config-yaml-token', 'coiled:\n  account: acme-ds\n  server: https://cloud.coiled.io\n  token: «{h40}»'],
  [
    'label-studio-env-pat-jwt',
    'LABEL_STUDIO_URL=https://labels.acme.ai\nLABEL_STUDIO_API_KEY=«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.{B160}.{B43}»',
  ],
  [
    'label-studio-ml-backend-compose-token',
    '  ml-backend:\n    image: heartexlabs/label-studio-ml-backend:sam-v2\n    environment:\n      LABEL_STUDIO_HOST: http://label-studio:8080\n      LABEL_STUDIO_ACCESS_TOKEN: «{h40}»',
  ],
  [
    'label-studio-curl-token-header',
    'curl -X GET https://labels.acme.ai/api/projects/17/export?exportType=JSON \\\n  -H "Authorization: Token «{h40}»" -o export.json',
  ],
  [
    'roboflow-inference-url-api-key-param',
    'curl -X POST "https://detect.roboflow.com/pcb-defects/4?api_key=«{a20}»&confidence=40" --data-binary @board.jpg',
  ],
  ['roboflow-env-and-cli', 'ROBOFLOW_API_KEY=«{a20}» roboflow download -f coco acme-qa/pcb-defects/4'],
  [
    'scale-ai-api-key-basic-auth',
    'client = scaleapi.ScaleClient("«live_{h32}»")\ntask = client.create_task(TaskType.ImageAnnotation, project="pcb", attachment=url)',
  ],
  ['argilla-init-api-key', 'client = rg.Argilla(api_url="https://acme-argilla.hf.space", api_key="«{B43}»")'],
  [
    'ipython-sql-magic-postgres-url',
    "%load_ext sql\n%sql postgresql://readonly:«{a20}»@analytics-db.internal:5432/warehouse\n%sql SELECT count(*) FROM events WHERE ts > now() - interval '1 day'",
  ],
  [
    'ipynb-source-sql-magic-mysql-escaped',
    '   "source": [\n    "%sql mysql+pymysql://etl:«{a22}»@mysql-replica.acme.internal/shop\\n",\n    "%sql SELECT sku, SUM(qty) FROM orders GROUP BY sku LIMIT 20"\n   ]',
  ],
  [
    'ipynb-source-pandas-s3-storage-options',
    '   "source": [\n    "df = pd.read_parquet(\\n",\n    "    \\"s3://acme-features/train/2024-06/\\",\\n",\n    "    storage_options={\\"key\\": \\"AKIA{u16}\\", \\"secret\\": \\"«{b40}»\\"},\\n",\n    ")"\n   ]',
  ],
  [
    'ipynb-source-snowflake-sqlalchemy-url',
    '   "source": [\n    "engine = create_engine(\\n",\n    "    \\"snowflake://DS_USER:«{a20}»@ab12345.eu-west-1/ML_FEATURES/PUBLIC?warehouse=DS_WH&role=DATA_SCIENTIST\\"\\n",\n    ")"\n   ]',
  ],
  [
    'redshift-connector-password-notebook',
    'conn = redshift_connector.connect(\n    host="ml-cluster.{l12}.us-east-1.redshift.amazonaws.com",\n    database="dev",\n    user="ds_reader",\n    password="«{a20}»",\n)',
  ],
  [
    'clickhouse-cloud-connect-password',
    'client = clickhouse_connect.get_client(\n    host="{l10}.eu-central-1.aws.clickhouse.cloud", port=8443,\n    username="default", password="«{a16}»", secure=True)',
  ],
  [
    'trino-basic-auth-notebook',
    'conn = trino.dbapi.connect(\n    host="starburst.acme.io", port=443, user="mkim", http_scheme="https",\n    auth=trino.auth.BasicAuthentication("mkim", "«{a20}»"),\n    catalog="hive", schema="ml")',
  ],
  [
    'delta-sharing-profile-bearer-token',
    '{\n  "shareCredentialsVersion": 1,\n  "bearerToken": "«{B64}»",\n  "endpoint": "https://sharing.delta.io/delta-sharing/",\n  "expirationTime": "2025-03-01T00:00:00.0Z"\n}',
  ],
  [
    'motherduck-token-in-duckdb-connect',
    'con = duckdb.connect("md:ml_features?motherduck_token=«eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.{B140}.{B43}»")',
  ],
  [
    'ipynb-source-bigquery-pandas-gbq-sa-file-and-inline-key',
    '   "source": [\n    "creds = service_account.Credentials.from_service_account_info({\\n",\n    "    \\"type\\": \\"service_account\\", \\"project_id\\": \\"acme-bi\\",\\n",\n    "    \\"private_key\\": \\"«-----BEGIN PRIVATE KEY-----\\\\nMIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQD{b13}\\\\n{b64}\\\\n{b64}\\\\n{b44}=\\\\n-----END PRIVATE KEY-----\\\\n»\\",\\n",\n    "    \\"client_email\\": \\"bq-notebook@acme-bi.iam.gserviceaccount.com\\", \\"token_uri\\": \\"https://oauth2.googleapis.com/token\\"})\\n",\n    "df = pandas_gbq.read_gbq(sql, project_id=\\"acme-bi\\", credentials=creds)"\n   ]',
  ],
  [
    'chat-prose-pasted-openai-key-question',
    'my notebook keeps failing with 429 even though I set `openai.api_key = "«sk-proj-{B74}T3BlbkFJ{B74}»"` in the first cell — is that a quota thing on the project or the org?',
  ],
  [
    'chat-prose-wandb-key-in-error-report',
    'Ran `wandb login «{h40}»` on the cluster node and it says "wandb: ERROR Failed to authenticate" — proxy issue maybe?',
  ],
];

export const BLIND69_NEGATIVES: readonly (readonly [string, string])[] = [
  [
    'ipynb-cell-getpass-openai-key-with-cell-id',
    '  {\n   "cell_type": "code",\n   "execution_count": 1,\n   "id": "{h8}-{h4}-{h4}-{h4}-{h12}",\n   "metadata": {},\n   "outputs": [\n    {\n     "name": "stdin",\n     "output_type": "stream",\n     "text": [\n      "OpenAI API key: ········\\n"\n     ]\n    }\n   ],\n   "source": [\n    "import os, getpass\\n",\n    "os.environ[\\"OPENAI_API_KEY\\"] = getpass.getpass(\\"OpenAI API key: \\")"\n   ]\n  },',
  ],
  [
    'ipynb-colab-userdata-get-hf-token-cell',
    '  {\n   "cell_type": "code",\n   "metadata": {"id": "{B12}"},\n   "source": [\n    "from google.colab import userdata\\n",\n    "os.environ[\\"HF_TOKEN\\"] = userdata.get(\'HF_TOKEN\')\\n",\n    "os.environ[\\"WANDB_API_KEY\\"] = userdata.get(\'WANDB_API_KEY\')"\n   ],\n   "execution_count": null,\n   "outputs": []\n  },',
  ],
  [
    'ipynb-os-getenv-with-none-default',
    '   "source": [\n    "api_key = os.getenv(\\"ANTHROPIC_API_KEY\\")\\n",\n    "assert api_key, \\"set ANTHROPIC_API_KEY before running\\"\\n",\n    "client = anthropic.Anthropic(api_key=api_key)"\n   ]',
  ],
  [
    'ipynb-widget-view-model-id-output',
    '   "outputs": [\n    {\n     "data": {\n      "application/vnd.jupyter.widget-view+json": {\n       "model_id": "{h32}",\n       "version_major": 2,\n       "version_minor": 0\n      },\n      "text/plain": [\n       "Loading checkpoint shards:   0%|          | 0/4 [00:00<?, ?it/s]"\n      ]\n     },\n     "metadata": {},\n     "output_type": "display_data"\n    }\n   ],',
  ],
  [
    'ipynb-notebook-metadata-kernelspec-colab-widgets',
    ' "metadata": {\n  "accelerator": "GPU",\n  "colab": {"gpuType": "T4", "provenance": [], "authorship_tag": "ABX9TyP{B20}"},\n  "kernelspec": {"display_name": "Python 3", "name": "python3"},\n  "language_info": {"name": "python", "version": "3.10.12"},\n  "widgets": {"application/vnd.jupyter.widget-state+json": {"{h32}": {"model_module": "@jupyter-widgets/controls", "model_name": "HBoxModel"}}}\n },\n "nbformat": 4,\n "nbformat_minor": 0',
  ],
  [
    'ipynb-execution-timestamps-papermill-metadata',
    '   "metadata": {\n    "execution": {\n     "iopub.execute_input": "2024-06-11T08:41:17.530112Z",\n     "iopub.status.busy": "2024-06-11T08:41:17.529733Z",\n     "shell.execute_reply": "2024-06-11T08:41:19.102287Z"\n    },\n    "papermill": {"duration": 1.57, "exception": false, "status": "completed"},\n    "tags": ["parameters"]\n   },',
  ],
  [
    'ipynb-image-png-output-short-plot',
    '     "data": {\n      "image/png": "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",\n      "text/plain": [\n       "<Figure size 640x480 with 1 Axes>"\n      ]\n     },\n     "metadata": {},\n     "output_type": "display_data"',
  ],
  [
    'ipynb-image-png-output-longer-random-body',
    '     "data": {\n      "image/png": "iVBORw0KGgoAAAANSUhEUgAAAjAAAAGwCAYAAAC3{b160}AAAAAElFTkSuQmCC",\n      "text/plain": ["<Figure size 700x450 with 1 Axes>"]\n     },\n     "output_type": "display_data"',
  ],
  [
    'ipynb-stream-output-training-loss-and-run-url',
    '     "name": "stderr",\n     "output_type": "stream",\n     "text": [\n      "wandb: Currently logged in as: mkim (vision-lab). Use `wandb login --relogin` to force relogin\\n",\n      "wandb: Tracking run with wandb version 0.17.0\\n",\n      "wandb: Syncing run stellar-sweep-14\\n",\n      "wandb: 🚀 View run at https://wandb.ai/vision-lab/vit-finetune/runs/{l8}\\n"\n     ]',
  ],
  [
    'ipynb-text-plain-tokenizer-input-ids',
    '      "text/plain": [\n       "{\'input_ids\': [128000, 9906, 11, 1268, 527, 499, 30, 128009], \'attention_mask\': [1, 1, 1, 1, 1, 1, 1, 1]}"\n      ]',
  ],
  [
    'ipynb-text-plain-embedding-vector-head',
    '      "text/plain": [\n       "[-0.021857, 0.004418, -0.013096, 0.031442, -0.007315, 0.018864, -0.002741, 0.027519, ...] (dim=1536)"\n      ]',
  ],
  [
    'ipynb-masked-key-printed-last-four',
    '     "text": [\n      "Using OpenAI key sk-proj-...{a4} (from env)\\n",\n      "Model: gpt-4o-mini-2024-07-18\\n"\n     ]',
  ],
  [
    'ipynb-openai-auth-error-masked-key',
    "      \"AuthenticationError: Error code: 401 - {'error': {'message': 'Incorrect API key provided: sk-proj-********************************************{a4}. You can find your API key at https://platform.openai.com/account/api-keys.', 'type': 'invalid_request_error', 'code': 'invalid_api_key'}}\"",
  ],
  [
    'ipynb-hf-download-progress-revision-sha',
    '     "text": [\n      "config.json: 100%|██████████| 654/654 [00:00<00:00, 2.31MB/s]\\n",\n      "model.safetensors.index.json: 100%|██████████| 23.9k/23.9k\\n",\n      "Fetching 4 files: revision {h40}\\n"\n     ]',
  ],
  [
    'ipynb-source-userdata-get-with-secret-name-only',
    '   "source": [\n    "from google.colab import userdata\\n",\n    "GEMINI_API_KEY = userdata.get(\'GOOGLE_API_KEY\')\\n",\n    "genai.configure(api_key=GEMINI_API_KEY)"\n   ]',
  ],
  [
    'ipynb-source-dbutils-secrets-get-output-redacted',
    '   "source": [\n    "token = dbutils.secrets.get(scope=\\"ml-prod\\", key=\\"hf-token\\")\\n",\n    "print(token)"\n   ],\n   "outputs": [{"name": "stdout", "output_type": "stream", "text": ["[REDACTED]\\n"]}]',
  ],
  [
    'ipynb-mlflow-run-id-and-model-uri-output',
    '     "text": [\n      "🏃 View run gentle-owl-512 at: https://mlflow.acme-ml.io/#/experiments/{d3}/runs/{h32}\\n",\n      "🧪 View experiment at: https://mlflow.acme-ml.io/#/experiments/{d3}\\n",\n      "model_uri = runs:/{h32}/model\\n"\n     ]',
  ],
  [
    'ipynb-openai-response-ids-in-output',
    "      \"text/plain\": [\n       \"ChatCompletion(id='chatcmpl-{a29}', choices=[Choice(finish_reason='stop', index=0)], created=1718093411, model='gpt-4o-mini-2024-07-18', object='chat.completion', system_fingerprint='fp_{h10}', usage=CompletionUsage(completion_tokens=57, prompt_tokens=412, total_tokens=469))\"\n      ]",
  ],
  [
    'ipynb-anthropic-message-id-output',
    "      \"text/plain\": [\n       \"Message(id='msg_01{a22}', model='claude-3-5-sonnet-20241022', role='assistant', stop_reason='end_turn', type='message', usage=Usage(input_tokens=1834, output_tokens=211))\"\n      ]",
  ],
  [
    'ipynb-openai-embeddings-base64-encoding-output',
    "      \"text/plain\": [\n       \"{'object': 'embedding', 'index': 0, 'embedding': 'Jt+yvE0Dkjs{b120}AACAPw=='}\"\n      ]",
  ],
  [
    'ipynb-langfuse-public-key-only-with-env-secret',
    '   "source": [\n    "langfuse = Langfuse(\\n",\n    "    public_key=\\"pk-lf-{h8}-{h4}-4{h3}-{h4}-{h12}\\",\\n",\n    "    secret_key=os.environ[\\"LANGFUSE_SECRET_KEY\\"],\\n",\n    "    host=\\"https://cloud.langfuse.com\\",\\n",\n    ")"\n   ]',
  ],
  [
    'ipynb-source-percent-env-non-secret-vars',
    '%env CUDA_VISIBLE_DEVICES=0,1\n%env TOKENIZERS_PARALLELISM=false\n%env WANDB_PROJECT=llm-ft\n%env HF_HUB_ENABLE_HF_TRANSFER=1',
  ],
  [
    'requirements-with-hash-pins',
    'openai==1.35.3 \\\n    --hash=sha256:{h64} \\\n    --hash=sha256:{h64}\ntiktoken==0.7.0 \\\n    --hash=sha256:{h64}',
  ],
  [
    'colab-getpass-prompt-transcript',
    '>>> import getpass\n>>> os.environ["GROQ_API_KEY"] = getpass.getpass("Groq key: ")\nGroq key: ··········\n>>> len(os.environ["GROQ_API_KEY"])\n56',
  ],
  [
    'jupyter-config-token-from-env',
    "c.IdentityProvider.token = os.environ.get('JUPYTER_TOKEN', '')\nc.ServerApp.allow_remote_access = True\nc.ServerApp.port = 8888",
  ],
  [
    'databricks-secrets-get-scope-key-code',
    '# COMMAND ----------\nopenai_key = dbutils.secrets.get(scope="llm", key="openai-api-key")\nhf_token = dbutils.secrets.get(scope="llm", key="hf-token")\nos.environ["OPENAI_API_KEY"] = openai_key',
  ],
  [
    'databricks-cluster-and-workspace-ids',
    'cluster_id: 0614-082311-{l8}\nworkspace_url: https://adb-{d16}.{d1}.azuredatabricks.net/?o={d16}\nspark_version: 14.3.x-gpu-ml-scala2.12\nnode_type_id: Standard_NC24ads_A100_v4',
  ],
  [
    'databricks-cfg-profile-with-oauth-no-secret',
    '[DEFAULT]\nhost      = https://dbc-{h8}-{h4}.cloud.databricks.com\nauth_type = databricks-cli\ncluster_id = 0611-140502-{l8}',
  ],
  [
    'databricks-secret-ref-in-cluster-spark-env',
    'spark_env_vars:\n  OPENAI_API_KEY: "{{secrets/llm/openai-api-key}}"\n  HF_TOKEN: "{{secrets/llm/hf-token}}"',
  ],
  ['kaggle-json-template-angle-brackets', '{"username":"<kaggle-username>","key":"<kaggle-api-key>"}'],
  [
    'kaggle-datasets-download-slug-and-checksum',
    '$ kaggle datasets download -d thedevastator/customer-churn-2023 --unzip\nDataset URL: https://www.kaggle.com/datasets/thedevastator/customer-churn-2023\nLicense(s): CC0-1.0\nmd5: {h32}  customer-churn-2023.zip',
  ],
  [
    'kaggle-secrets-client-get-secret-names',
    'from kaggle_secrets import UserSecretsClient\nsecrets = UserSecretsClient()\nhf_token = secrets.get_secret("HF_TOKEN")\nwandb_key = secrets.get_secret("wandb_api_key")',
  ],
  [
    'hf-cli-login-prompt-without-token',
    '$ huggingface-cli login\n\n    _|    _|  _|    _|    _|_|_|    _|_|_|  _|_|_|  _|      _|    _|_|_|\n\n    To log in, `huggingface_hub` requires a token generated from https://huggingface.co/settings/tokens .\nEnter your token (input will not be visible):\nAdd token as git credential? (Y/n) n\nToken is valid (permission: fineGrained).\nLogin successful',
  ],
  ['hf-git-lfs-pointer-safetensors', 'version https://git-lfs.github.com/spec/v1\noid sha256:{h64}\nsize 4943162336'],
  [
    'hf-snapshot-download-revision-and-cache-path',
    'path = snapshot_download("meta-llama/Meta-Llama-3.1-8B-Instruct", revision="{h40}")\n# -> /root/.cache/huggingface/hub/models--meta-llama--Meta-Llama-3.1-8B-Instruct/snapshots/{h40}',
  ],
  [
    'hf-datasets-cache-fingerprint-dirs',
    'Found cached dataset parquet (/home/ds/.cache/huggingface/datasets/acme-ai___support-tickets-v2/default/0.0.0/{h40})\nLoading cached processed dataset at /home/ds/.cache/huggingface/datasets/acme-ai___support-tickets-v2/default/0.0.0/{h40}/cache-{h16}.arrow',
  ],
  ['hf-inference-endpoint-url-no-auth', 'ENDPOINT_URL=https://{l16}.us-east-1.aws.endpoints.huggingface.cloud\nHF_TOKEN=${HF_TOKEN}'],
  [
    'hf-tokenizer-json-vocab-fragment',
    '"model": {\n  "type": "BPE",\n  "vocab": {"<unk>": 0, "<s>": 1, "</s>": 2, "▁the": 272, "▁token": 6029, "izer": 4024, "▁api": 10249, "_key": 7393}\n}',
  ],
  [
    'wandb-login-prompt-authorize-url',
    'wandb: Logging into wandb.ai. (Learn how to deploy a W&B server locally: https://wandb.me/wandb-server)\nwandb: You can find your API key in your browser here: https://wandb.ai/authorize\nwandb: Paste an API key from your profile and hit enter, or press ctrl+c to quit:\nwandb: Appending key for api.wandb.ai to your netrc file: /root/.netrc',
  ],
  [
    'wandb-metadata-json-git-commit',
    '{\n  "os": "Linux-5.15.0-105-generic-x86_64-with-glibc2.35",\n  "python": "3.10.14",\n  "git": {"remote": "git@github.com:acme/vit-finetune.git", "commit": "{h40}"},\n  "gpu": "NVIDIA A100-SXM4-80GB",\n  "gpu_count": 8\n}',
  ],
  [
    'wandb-sweep-id-and-agent-command',
    'wandb: Created sweep with ID: {l8}\nwandb: View sweep at: https://wandb.ai/vision-lab/vit-finetune/sweeps/{l8}\nwandb: Run sweep agent with: wandb agent vision-lab/vit-finetune/{l8}',
  ],
  [
    'wandb-artifact-ref-digest',
    'artifact = run.use_artifact("vision-lab/vit-finetune/model-{l8}:v7", type="model")\n# digest: {h32}\n# created: 2024-06-09T14:22:05Z',
  ],
  ['netrc-wandb-masked-password', 'machine api.wandb.ai\n  login user\n  password ****************************************'],
  [
    'comet-experiment-key-url',
    'COMET INFO: Experiment is live on comet.com https://www.comet.com/nlp-lab/summarization-t5/{h32}\nCOMET INFO: Uploading metrics, params, and assets to Comet before program termination',
  ],
  [
    'neptune-run-id-and-project',
    'https://app.neptune.ai/acme-vision/segmentation/e/SEG-{d4}\nrun["sys/id"].fetch() -> \'SEG-{d4}\'\nrun["parameters"] = {"lr": 3e-4, "batch_size": 32}',
  ],
  [
    'clearml-conf-env-substitution',
    'api {\n    credentials {\n        "access_key" = ${CLEARML_API_ACCESS_KEY}\n        "secret_key" = ${CLEARML_API_SECRET_KEY}\n    }\n}',
  ],
  [
    'clearml-task-id-output',
    'ClearML Task: created new task id={h32}\nClearML results page: https://app.clear.ml/projects/{h32}/experiments/{h32}/output/log',
  ],
  [
    'mlflow-env-uri-no-credentials',
    'export MLFLOW_TRACKING_URI=https://mlflow.acme-ml.io\nexport MLFLOW_EXPERIMENT_NAME=/churn/xgb-baseline\nexport MLFLOW_TRACKING_USERNAME=ds-team\nexport MLFLOW_TRACKING_PASSWORD="$(vault kv get -field=password secret/mlflow)"',
  ],
  [
    'mlflow-model-registry-version-output',
    "Registered model 'churn-xgb' already exists. Creating a new version of this model...\nCreated version '14' of model 'churn-xgb'.\nsource: s3://acme-mlflow-artifacts/{d3}/{h32}/artifacts/model",
  ],
  ['dvc-file-outs-md5', 'outs:\n- md5: {h32}.dir\n  size: 1843927721\n  nfiles: 48211\n  hash: md5\n  path: data/images'],
  [
    'dvc-lock-stage-deps-hashes',
    "schema: '2.0'\nstages:\n  featurize:\n    cmd: python src/featurize.py\n    deps:\n    - path: data/raw.csv\n      hash: md5\n      md5: {h32}\n      size: 93812391",
  ],
  [
    'dvc-config-remotes-no-credentials',
    '[core]\n    remote = storage\n[\'remote "storage"\']\n    url = s3://acme-dvc/cache\n    profile = ml-data\n[\'remote "gcs"\']\n    url = gs://acme-dvc-gcs/cache\n    credentialpath = ~/.config/gcloud/dvc-sa.json',
  ],
  ['openai-org-and-project-ids-only', 'OPENAI_ORG_ID=org-{a24}\nOPENAI_PROJECT_ID=proj_{a24}\nOPENAI_API_KEY=${OPENAI_API_KEY}'],
  [
    'openai-file-batch-finetune-ids',
    "file-{a22}  purpose=batch  bytes=1048213\nbatch_{h32}  status=completed  request_counts={'total': 5000, 'completed': 4998, 'failed': 2}\nftjob-{a24} -> ft:gpt-4o-mini-2024-07-18:acme::{a8}",
  ],
  ['openai-assistant-thread-vector-store-ids', 'assistant_id = "asst_{a24}"\nthread_id = "thread_{a24}"\nvector_store_id = "vs_{a24}"'],
  [
    'anthropic-request-id-header-log',
    'HTTP/1.1 529 Overloaded\nrequest-id: req_011C{a20}\nanthropic-organization-id: {h8}-{h4}-4{h3}-{h4}-{h12}\nretry-after: 12',
  ],
  [
    'replicate-model-version-hash',
    'output = replicate.run(\n    "stability-ai/sdxl:{h64}",\n    input={"prompt": "isometric pcb, studio light", "num_outputs": 1},\n)\n# prediction id: {l26}',
  ],
  [
    'azure-openai-env-key-from-keyvault',
    'AZURE_OPENAI_ENDPOINT=https://acme-aoai-weu.openai.azure.com/\nAZURE_OPENAI_API_KEY=@Microsoft.KeyVault(SecretUri=https://kv-acme-ml.vault.azure.net/secrets/aoai-key/)\nAZURE_OPENAI_DEPLOYMENT=gpt-4o-prod',
  ],
  [
    'azure-openai-response-headers-request-ids',
    'apim-request-id: {h8}-{h4}-4{h3}-{h4}-{h12}\nx-request-id: {h8}-{h4}-4{h3}-{h4}-{h12}\nx-ms-region: Sweden Central\nx-ratelimit-remaining-tokens: 149212',
  ],
  [
    'bedrock-model-ids-and-arn',
    'model_id = "anthropic.claude-3-5-sonnet-20240620-v1:0"\ninference_profile = "arn:aws:bedrock:us-east-1:{d12}:inference-profile/us.anthropic.claude-3-5-sonnet-20240620-v1:0"',
  ],
  [
    'litellm-config-os-environ-refs',
    'model_list:\n  - model_name: gpt-4o\n    litellm_params:\n      model: azure/gpt-4o-prod\n      api_base: os.environ/AZURE_API_BASE\n      api_key: os.environ/AZURE_API_KEY\ngeneral_settings:\n  master_key: os.environ/LITELLM_MASTER_KEY',
  ],
  [
    'tiktoken-encode-output',
    '>>> enc = tiktoken.encoding_for_model("gpt-4o")\n>>> enc.encode("OPENAI_API_KEY=sk-...")\n[61364, 2720, 11669, 14173, 28, 1250, 12, 1008]',
  ],
  ['modal-token-id-with-env-secret', 'modal token set --token-id ak-{a22} --token-secret "$MODAL_TOKEN_SECRET" --profile=ci'],
  [
    'pinecone-index-describe-output',
    "{'name': 'support-docs', 'dimension': 1536, 'metric': 'cosine', 'host': 'support-docs-{h7}.svc.aped-4627-b74a.pinecone.io', 'spec': {'serverless': {'cloud': 'aws', 'region': 'us-east-1'}}, 'status': {'ready': True, 'state': 'Ready'}}",
  ],
  [
    'qdrant-points-upsert-uuids-and-vectors',
    '{"points": [{"id": "{h8}-{h4}-4{h3}-{h4}-{h12}", "vector": [0.05, 0.61, 0.76, 0.74], "payload": {"city": "Berlin"}}, {"id": "{h8}-{h4}-4{h3}-{h4}-{h12}", "vector": [0.19, 0.81, 0.75, 0.11], "payload": {"city": "London"}}]}',
  ],
  [
    'chroma-collection-metadata-output',
    "Collection(id=UUID('{h8}-{h4}-4{h3}-{h4}-{h12}'), name='support_kb', metadata={'hnsw:space': 'cosine'}, tenant='default_tenant', database='default_database')",
  ],
  [
    'elastic-cloud-id-alone-with-env-key',
    'ELASTIC_CLOUD_ID=rag-search:dXMtY2VudHJhbDEuZ2NwLmNsb3VkLmVzLmlvJDRjMmYxYTllN2I2ZDRlMGY4YTNjNWIyZDFlOWY3YTZjJDhiMWQzZjVhN2M5ZTRiMmQ2ZjBhOGMxZTNiNWQ3Zjlh\nELASTIC_API_KEY=${ELASTIC_API_KEY}',
  ],
  [
    'langsmith-run-urls-uuids',
    "View the evaluation results for experiment: 'rag-eval-{h8}' at:\nhttps://smith.langchain.com/o/{h8}-{h4}-4{h3}-{h4}-{h12}/datasets/{h8}-{h4}-4{h3}-{h4}-{h12}/compare?selectedSessions={h8}-{h4}-4{h3}-{h4}-{h12}",
  ],
  [
    'langfuse-trace-url-and-public-key',
    'LANGFUSE_PUBLIC_KEY=pk-lf-{h8}-{h4}-4{h3}-{h4}-{h12}\nTrace: https://cloud.langfuse.com/project/{l25}/traces/{h8}-{h4}-4{h3}-{h4}-{h12}',
  ],
  [
    'streamlit-secrets-access-code',
    'client = OpenAI(api_key=st.secrets["openai"]["api_key"])\nconn = st.connection("snowflake")\ndf = conn.query("select * from kpis", ttl=600)',
  ],
  [
    'streamlit-secrets-toml-angle-stand-ins',
    '# .streamlit/secrets.toml (copy to secrets.toml and fill in)\nOPENAI_API_KEY = "<openai-api-key>"\n\n[connections.snowflake]\naccount = "<account-locator>"\npassword = "<password>"',
  ],
  [
    'kubeflow-env-from-secret-key-ref',
    '      env:\n        - name: WANDB_API_KEY\n          valueFrom:\n            secretKeyRef:\n              name: wandb-credentials\n              key: api-key',
  ],
  [
    'sagemaker-training-job-arn-and-image',
    'TrainingJobArn: arn:aws:sagemaker:eu-central-1:{d12}:training-job/hf-llama3-sft-2024-06-11-08-12-44-{d3}\nAlgorithmSpecification:\n  TrainingImage: 763104351884.dkr.ecr.us-east-1.amazonaws.com/huggingface-pytorch-training:2.1.0-transformers4.36.0-gpu-py310-cu121-ubuntu20.04',
  ],
  [
    'vertex-endpoint-resource-names',
    'endpoint = aiplatform.Endpoint("projects/{d12}/locations/us-central1/endpoints/{d19}")\nmodel = aiplatform.Model("projects/{d12}/locations/us-central1/models/{d19}@3")',
  ],
  [
    'gcloud-sa-keys-list-key-ids',
    '$ gcloud iam service-accounts keys list --iam-account=vertex-runner@acme-ml-prod.iam.gserviceaccount.com\nKEY_ID                                    CREATED_AT            EXPIRES_AT            DISABLED\n{h40}  2024-03-02T10:11:45Z  9999-12-31T23:59:59Z  False\n{h40}  2023-11-19T08:02:13Z  9999-12-31T23:59:59Z  False',
  ],
  [
    'serving-image-digest-kserve',
    'spec:\n  predictor:\n    model:\n      modelFormat: {name: huggingface}\n      storageUri: s3://acme-models/llama3-8b-sft/v3\n    containers:\n      - image: ghcr.io/acme/hf-server@sha256:{h64}',
  ],
  [
    'ray-job-ids-dashboard-urls',
    "Job 'raysubmit_{a16}' submitted successfully\nQuery the logs of the job:\n  ray job logs raysubmit_{a16}\nDashboard: http://127.0.0.1:8265",
  ],
  [
    'dask-client-repr-ids',
    "<Client: 'tcp://10.0.4.17:8786' processes=8 threads=64, memory=503.79 GiB>\nClient-{h8}-{h4}-4{h3}-{h4}-{h12}\nDashboard: http://10.0.4.17:8787/status",
  ],
  [
    'nvidia-smi-gpu-uuids',
    'GPU 0: NVIDIA A100-SXM4-80GB (UUID: GPU-{h8}-{h4}-{h4}-{h4}-{h12})\nGPU 1: NVIDIA A100-SXM4-80GB (UUID: GPU-{h8}-{h4}-{h4}-{h4}-{h12})',
  ],
  [
    'ollama-pull-layer-digests',
    'pulling manifest\npulling {h12}... 100% ▕████████████████▏ 4.7 GB\npulling {h12}... 100% ▕████████████████▏  12 KB\nverifying sha256 digest\nwriting manifest\nsuccess',
  ],
  [
    'label-studio-export-task-json',
    '[{"id": 48213, "annotations": [{"id": 9921, "completed_by": 7, "result": [{"id": "{B10}", "type": "rectanglelabels", "value": {"x": 12.4, "y": 33.1, "width": 8.2, "height": 5.9, "rectanglelabels": ["solder_bridge"]}}]}], "data": {"image": "/data/upload/17/{h8}-board_0412.jpg"}}]',
  ],
  [
    'roboflow-env-key-from-os-environ',
    'rf = Roboflow(api_key=os.environ["ROBOFLOW_API_KEY"])\nproject = rf.workspace("acme-qa").project("pcb-defects")\nmodel = project.version(4).model',
  ],
  [
    'bigquery-job-id-and-query-stats',
    'Job ID: acme-bi:US.bquxjob_{h8}_{h11}\nTotal bytes processed: 3.41 GB\nslot_ms: 182233\nDestination: acme-bi._{h40}.anon{h40}',
  ],
  [
    'snowflake-query-id-and-account-locator',
    'query_id: 01b5{h4}-0001-{h4}-0000-{h12}\naccount: xy12345.eu-central-1\nwarehouse: ANALYTICS_WH\nrows_produced: 184220',
  ],
  [
    'sa-json-fragment-without-private-key',
    '{\n  "type": "service_account",\n  "project_id": "acme-bi",\n  "client_email": "bq-notebook@acme-bi.iam.gserviceaccount.com",\n  "client_id": "{d21}",\n  "auth_uri": "https://accounts.google.com/o/oauth2/auth",\n  "token_uri": "https://oauth2.googleapis.com/token"\n}',
  ],
  [
    'postgres-url-password-from-env-interpolation',
    'engine = create_engine(f"postgresql+psycopg2://analyst:{os.environ[\'PGPASSWORD\']}@warehouse.internal:5432/features")',
  ],
  [
    'chat-prose-asking-where-to-put-key',
    'Should the OPENAI_API_KEY go in a Colab secret or in `%env`? I read that `%env` saves the value into the notebook JSON if you run `%env` with no args, so I am using userdata.get("OPENAI_API_KEY") instead.',
  ],
];
